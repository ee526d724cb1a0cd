import { useShallow } from '../../state/create-store';
import { useEffect, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import type { TrajectoryMapping } from '../../../../shared/formats/mapping';
import { MESSAGE_SHAPES } from '../../../../shared/formats/messages/types';
import { countOf } from '../../../../shared/text';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { QuickPick, type QuickPickOption } from '../../components/QuickPick';
import { CallsPick, FieldPick, ResultsPick, RolesEditor, RunFieldsEditor } from './MappingFields';
import { MappingPreviewView } from './MappingPreview';
import { useImportDraft } from './state';

type Proposal = Result<'mappings.propose'>;
type Found = Proposal['found'][number];

/** How the messages are read: by the mapping's fields, or whole by the message layer as a provider wrote them. */
const SHAPE_CHOICES: QuickPickOption[] = [
  { value: '', label: 'by the fields below' },
  { value: 'detect', label: 'as provider messages (detected)' },
  ...Object.entries(MESSAGE_SHAPES).map(([value, label]) => ({ value, label: `as ${label}` })),
];

/** The Messages choice that leaves the turns to the reader that claims the file (the others hold a newline). */
const READER = 'reader';

/** How long the preview waits after the last edit before it reads the file again. */
const PREVIEW_DELAY_MS = 300;

/**
 * Where the runs, turns, roles, calls, results and outcome are in a file no reader claims: the
 * proposal Trellis made from the file's first records, edited with pickers over what it found,
 * previewed live, saved by name, exported as a file, and imported with.
 */
export function MappingEditor({
  path,
  busy,
  onImport,
}: {
  path: string;
  busy: boolean;
  onImport(m: TrajectoryMapping): void;
}) {
  const { mappingDraft, mappingExportPath, patch } = useImportDraft(
    useShallow(({ mappingDraft, mappingExportPath, patch }) => ({ mappingDraft, mappingExportPath, patch })),
  );
  // A path being typed is proposed for once it rests, not at every key.
  const settledPath = useDebounced(path, PREVIEW_DELAY_MS);
  // Each proposal names the path it was made for: on the render after the path changes, the query
  // still holds the last file's, which must never become the new file's draft.
  const proposal = useQuery(
    async () => ({
      forPath: settledPath,
      ...(await api.invoke('mappings.propose', { path: settledPath, name: fileStem(settledPath) })),
    }),
    [settledPath],
  );
  const saved = useQuery(() => api.invoke('mappings.list', {}), [], ['mappings.changed']);
  const [note, setNote] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const mapping = mappingDraft?.forPath === path ? mappingDraft.mapping : null;
  // A new file gets its proposal; a mapping being edited for this file is kept as it is.
  // Only a proposal made for the path as it is now (not one still arriving for what was typed before).
  const proposed = proposal.data?.forPath === path && !proposal.loading ? proposal.data : undefined;
  useEffect(() => {
    if (!mapping && proposed?.mapping) patch({ mappingDraft: { forPath: path, mapping: proposed.mapping } });
  }, [mapping, proposed, path, patch]);
  const debounced = useDebounced(mapping, PREVIEW_DELAY_MS);
  const preview = useQuery(
    debounced ? () => api.invoke('mappings.preview', { path, mapping: debounced, limit: 3 }) : null,
    [path, JSON.stringify(debounced)],
  );
  const edit = (change: Partial<TrajectoryMapping>) => {
    if (mapping) patch({ mappingDraft: { forPath: path, mapping: { ...mapping, ...change } } });
    setNote(null);
  };
  /** A file the export found already there: Replace writes over it, once asked. */
  const [existing, setExisting] = useState<string | null>(null);
  const act = async (work: () => Promise<string>) => {
    // What the last action said goes with it: a "Wrote …" left beside a refusal would say both.
    setActionError(null);
    setExisting(null);
    setNote(null);
    try {
      setNote(await work());
    } catch (error) {
      setActionError((error as Error).message);
      if ((error as { code?: string }).code === 'E3006') setExisting(mappingExportPath);
    }
  };
  const exportMapping = (m: TrajectoryMapping, replace: boolean) =>
    void act(async () => {
      const { path: written } = await api.invoke('mappings.export', { mapping: m, path: mappingExportPath, replace });
      return `Wrote ${written}: trellis import FILE --mapping ${written}`;
    });

  if (proposal.error && !proposal.loading) return <ErrorNote message={proposal.error.message} />;
  if (!proposed) return <p className="muted">Looking for the conversation in the file…</p>;
  const found = proposed.found;
  const savedOptions = (saved.data ?? []).filter((m) => m.mapping);
  const loadSaved = (name: string) => {
    const chosen = savedOptions.find((m) => m.name === name)?.mapping;
    if (chosen) patch({ mappingDraft: { forPath: path, mapping: chosen } });
  };
  const savedPicker = savedOptions.length > 0 && (
    <label>
      Saved mapping
      <QuickPick<string>
        label="Saved mapping"
        value=""
        placeholder="use a saved mapping…"
        options={savedOptions.map((m) => ({ value: m.name, label: m.name }))}
        onChange={loadSaved}
      />
    </label>
  );
  if (!mapping)
    return (
      <section className="mapping-editor" aria-label="Map fields">
        <p role="note">
          No mapping to propose: {proposed.reason ?? 'nothing found'} in the first{' '}
          {countOf(proposed.sample.records, 'record')}.
        </p>
        {savedPicker}
      </section>
    );
  const claimedBy = proposed.claimedBy;
  const replaces = (saved.data ?? []).some((m) => m.name === mapping.name.trim());
  const array = found.find((f) => f.runs === mapping.runs && f.messages === mapping.messages);

  return (
    <section className="mapping-editor" aria-label="Map fields">
      <p className="muted">
        {proposed.claimedBy
          ? `${proposed.claimedBy} reads this file; a mapping can still say where its runs and turns are.`
          : 'No reader claims this file. Say where its conversation is; the preview shows the first runs as they would be imported.'}
      </p>
      <div className="mapping-fields">
        {savedPicker}
        <label>
          Mapping name
          <input aria-label="Mapping name" value={mapping.name} onChange={(e) => edit({ name: e.target.value })} />
        </label>
        <label>
          Messages
          <QuickPick<string>
            label="Messages"
            value={mapping.messages === undefined ? READER : `${mapping.runs}\n${mapping.messages}`}
            options={[
              // A file a reader claims: the mapping may only add outcome, model and task id to its runs.
              ...(claimedBy ? [{ value: READER, label: `as ${claimedBy} reads them` }] : []),
              ...found.map((f) => ({
                value: `${f.runs}\n${f.messages}`,
                label: arrayLabel(f),
                detail: `${f.count} messages`,
              })),
            ]}
            onChange={(v) => {
              const next = found.find((f) => `${f.runs}\n${f.messages}` === v);
              edit(next ? arrayMapping(next) : { runs: '$', messages: undefined, shape: undefined });
            }}
          />
        </label>
        {mapping.messages !== undefined && (
          <label>
            Read messages
            <QuickPick<string>
              label="Read messages"
              value={mapping.shape ?? ''}
              options={SHAPE_CHOICES}
              onChange={(shape) => edit({ shape: (shape || undefined) as TrajectoryMapping['shape'] })}
            />
          </label>
        )}
        {mapping.messages !== undefined && !mapping.shape && (
          <>
            <FieldPick
              label="Role field"
              value={mapping.role}
              fields={array?.roleFields.map((r) => r.field) ?? [mapping.role]}
              onChange={(role) => edit({ role, roles: {} })}
            />
            <FieldPick
              label="Content field"
              value={mapping.content}
              fields={array?.contentFields.map((c) => c.field) ?? [mapping.content]}
              details={Object.fromEntries(array?.contentFields.map((c) => [c.field, c.example]) ?? [])}
              onChange={(content) => edit({ content })}
            />
            <CallsPick mapping={mapping} fields={array?.fields ?? []} onChange={(calls) => edit({ calls })} />
            <ResultsPick mapping={mapping} fields={array?.fields ?? []} onChange={(results) => edit({ results })} />
          </>
        )}
      </div>
      {mapping.messages === undefined ? (
        <p className="muted">The reader reads the turns; this mapping adds the outcome, model and task id below.</p>
      ) : mapping.shape ? (
        <p className="muted">
          Roles, text, calls and results are read as the provider wrote them; results are paired with calls by id.
        </p>
      ) : (
        <RolesEditor mapping={mapping} array={array} onChange={(roles) => edit({ roles })} />
      )}
      <RunFieldsEditor mapping={mapping} proposal={proposed} onChange={edit} />
      <MappingPreviewView preview={preview.data} error={preview.error?.message} stale={preview.loading} />
      <div className="mapping-actions">
        <button
          type="button"
          // Saving under a name already used replaces that mapping: the button says so before it is pressed.
          title={replaces ? `A mapping named "${mapping.name.trim()}" is saved: this replaces it` : undefined}
          onClick={() =>
            void act(async () => {
              await api.invoke('mappings.save', { mapping });
              return `Saved as "${mapping.name.trim()}" in this workspace.`;
            })
          }
        >
          {replaces ? `Replace saved "${mapping.name.trim()}"` : 'Save mapping'}
        </button>
        {replaces && (
          <button
            type="button"
            // The mapping stays in the form: Save mapping puts it back, so nothing is lost by a slip.
            title={`Delete the mapping saved as "${mapping.name.trim()}" from this workspace; the form keeps it`}
            onClick={() =>
              void act(async () => {
                await api.invoke('mappings.delete', { name: mapping.name.trim() });
                return `Deleted "${mapping.name.trim()}" from this workspace; Save mapping saves it again.`;
              })
            }
          >
            Delete saved
          </button>
        )}
        <label>
          Export to
          <input
            aria-label="Mapping file"
            placeholder="/path/to/mapping.yaml or .json"
            value={mappingExportPath}
            onChange={(e) => patch({ mappingExportPath: e.target.value })}
          />
        </label>
        <button
          type="button"
          disabled={!mappingExportPath.trim()}
          title={mappingExportPath.trim() ? undefined : 'Type where to write the mapping first'}
          onClick={() => exportMapping(mapping, false)}
        >
          Export mapping
        </button>
        {existing !== null && existing === mappingExportPath && (
          <button type="button" onClick={() => exportMapping(mapping, true)}>
            Replace {existing}
          </button>
        )}
        <button type="button" className="primary" disabled={busy} onClick={() => onImport(mapping)}>
          {busy ? 'Importing…' : 'Import with mapping'}
        </button>
      </div>
      {note && (
        <p role="status" className="muted">
          {note}
        </p>
      )}
      <ErrorNote message={actionError} />
    </section>
  );
}

/** Where an array found is, as the Messages picker says it: `steps`, `episodes → steps`, or the records themselves. */
const arrayLabel = (f: Found) =>
  f.runs === '$' && f.messages === '$'
    ? 'the records themselves (one run)'
    : f.runs === '$'
      ? f.messages
      : `${f.runs} → ${f.messages}`;

/** `/logs/homebot-export.json.gz` → `homebot-export`: a first name for a mapping made for that file. */
const fileStem = (path: string) => path.split(/[\\/]/).pop()!.replace(/\..*$/, '') || 'my mapping';

/** A mapping for another array found: its runs and messages, its first role and content fields, roles guessed afresh. */
function arrayMapping(found: Found): Partial<TrajectoryMapping> {
  return {
    runs: found.runs,
    messages: found.messages,
    role: found.roleFields[0]?.field ?? 'role',
    roles: {},
    content: found.contentFields[0]?.field ?? 'content',
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
