import { useMemo, useState } from 'react';
import { countOf } from '../../../../../shared/text';
import type { Result } from '../../../../../shared/contract';
import type { ToolFileFormat } from '../../../../../shared/contract/tools';
import { detectToolFormat, TOOL_FORMATS } from '../../../../../shared/formats/tools';
import { api } from '../../../api/api';
import { useAction } from '../../../api/use-action';
import { READABLE_ZOOM } from '../../../components/readable-fit';
import { useUi } from '../../../state/ui-store';
import { useGraphSession, useGraphUi } from '../state';
import { useEditorStore } from '../editor/editor-context';
import { ErrorNote } from '../../../components/ErrorNote';
import { QuickPick, type QuickPickOption } from '../../../components/QuickPick';
import { ModalDialog } from '../../../components/ModalDialog';
import { createStore, useShallow } from '../../../state/create-store';
import { everyField, formDraft } from '../../../state/form-draft';
import { useOperationChoice } from './OperationChooser';

type Parsed = Result<'tools.parse'>;

const FORMATS: QuickPickOption<ToolFileFormat>[] = (Object.keys(TOOL_FORMATS) as ToolFileFormat[]).map((value) => ({
  value,
  label: TOOL_FORMATS[value].label,
}));

const EMPTY_DRAFT = {
  source: 'file' as 'file' | 'mcp',
  format: 'openai' as ToolFileFormat,
  text: '',
  command: '',
  args: '',
};

/** What was pasted or typed into the dialog: kept when it closes or another workspace opens, until its tools are added. */
const useToolsImportDraft = createStore(formDraft(EMPTY_DRAFT));

/** Import tools from a file, pasted text, or an MCP server the user agrees to start. */
export function ImportDialog() {
  const editor = useEditorStore();
  const close = () => useGraphUi.getState().openDialog(null);
  const { source, format, text, command, args, patch } = useToolsImportDraft(useShallow(everyField));
  const setSource = (value: 'file' | 'mcp') => patch({ source: value });
  // What was read (or refused) was read as the format and text before: a change leaves neither on screen.
  const setFormat = (value: ToolFileFormat) => {
    patch({ format: value });
    forgetReading();
  };
  // New text is read as the format its content shows; the picker stays open to choose another.
  const setText = (value: string) => {
    patch({ text: value, format: detectToolFormat(value)?.format ?? format });
    forgetReading();
  };
  const detected = useMemo(() => detectToolFormat(text), [text]);
  const setCommand = (value: string) => patch({ command: value });
  const setArgs = (value: string) => patch({ args: value });
  // Agreeing to start a program is asked each time the dialog opens.
  const [consent, setConsent] = useState(false);
  const action = useAction();
  const { busy, error } = action;
  const [parsed, setParsed] = useState<Parsed | null>(null);
  // An API description's operations, chosen by tag or one by one.
  const choice = useOperationChoice(parsed);
  const forgetReading = () => {
    setParsed(null);
    action.clear();
  };
  const argList = args.split(/\s+/).filter(Boolean);

  const run = (work: () => Promise<Parsed>) =>
    action.run(async () => {
      setParsed(null);
      setParsed(await work());
    });

  const add = () => {
    if (!parsed) return;
    editor.getState().addTools(choice.tools, parsed.edges);
    patch(EMPTY_DRAFT);
    useUi.getState().notify(`Imported ${countOf(choice.tools.length, 'tool')}. Undo with Ctrl+Z.`);
    close();
    // Show what arrived (they are selected), readable, once the canvas has drawn them.
    const added = editor.getState().selection.map((id) => ({ id }));
    requestAnimationFrame(() =>
      requestAnimationFrame(
        () =>
          void useGraphSession
            .getState()
            .canvas?.fitView({ nodes: added, minZoom: READABLE_ZOOM, maxZoom: 1, duration: 200 }),
      ),
    );
  };

  return (
    <ModalDialog label="Import tools" className="import-dialog" onClose={close}>
      <h2>Import tools</h2>
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={source === 'file'} onClick={() => setSource('file')}>
          File or text
        </button>
        <button type="button" role="tab" aria-selected={source === 'mcp'} onClick={() => setSource('mcp')}>
          MCP server
        </button>
      </div>
      {source === 'file' ? (
        <>
          <label>
            Format
            <QuickPick label="Format" value={format} options={FORMATS} onChange={setFormat} />
          </label>
          {detected ? (
            <p className="muted" data-testid="detected-format">
              {detected.format === format
                ? `Detected ${detected.name}.`
                : `The text looks like ${detected.name}; it will be read as ${TOOL_FORMATS[format].label}.`}
            </p>
          ) : (
            text.trim() && (
              // Text in no format Trellis knows is still read as the one picked: say so before it is.
              <p className="muted" data-testid="detected-format">
                {`Trellis cannot tell this text's format; it will be read as ${TOOL_FORMATS[format].label}. Pick the format it is in.`}
              </p>
            )
          )}
          <label>
            File
            <input
              type="file"
              accept=".json,.jsonl,.yaml,.yml"
              onChange={async (e) => setText((await e.target.files?.[0]?.text()) ?? '')}
            />
          </label>
          <label>
            …or paste
            <textarea aria-label="Tools text" rows={8} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <div className="buttons">
            <button
              type="button"
              disabled={!text.trim() || busy}
              onClick={() => run(() => api.invoke('tools.parse', { format, text }))}
            >
              Read tools
            </button>
          </div>
        </>
      ) : (
        <>
          <label>
            Command
            <input
              aria-label="MCP command"
              placeholder="node, npx, uvx, python…"
              value={command}
              onChange={(e) => setCommand(e.target.value)}
            />
          </label>
          <label>
            Arguments
            <input
              aria-label="MCP arguments"
              placeholder="e.g. /path/to/server.js stdio"
              value={args}
              onChange={(e) => setArgs(e.target.value)}
            />
          </label>
          <p>Trellis will run this program on your machine, with your permissions:</p>
          <pre data-testid="mcp-command-line">{[command, ...argList].join(' ')}</pre>
          <label className="checkbox">
            <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} /> I trust this
            command; start it to list its tools
          </label>
          <div className="buttons">
            <button
              type="button"
              disabled={!consent || !command.trim() || busy}
              onClick={() => run(() => api.invoke('tools.fromMcp', { command, args: argList, consent: true }))}
            >
              Start and list tools
            </button>
          </div>
        </>
      )}
      {busy && <p className="muted">Reading…</p>}
      <ErrorNote message={error} />
      {parsed && (
        <div className="import-preview">
          {parsed.tools.length ? (
            <p>
              Found {countOf(parsed.tools.length, 'tool')}
              {parsed.edges.length ? ` and ${countOf(parsed.edges.length, 'edge')}` : ''}:{' '}
              {parsed.tools
                .slice(0, 12)
                .map((t) => t.name)
                .join(', ')}
              {parsed.tools.length > 12 ? '…' : ''}
            </p>
          ) : (
            <p>No tools in this text: it is read as {TOOL_FORMATS[format].label}; is that its format?</p>
          )}
          {parsed.warnings.length > 0 && (
            <ul className="muted">
              {parsed.warnings.slice(0, 8).map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
          {choice.chooser}
        </div>
      )}
      <div className="buttons">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!choice.tools.length} onClick={add}>
          {parsed ? `Add ${countOf(choice.tools.length, 'tool')}` : 'Add tools'}
        </button>
      </div>
    </ModalDialog>
  );
}
