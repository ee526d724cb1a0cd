import { useEffect, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import type { TurnRole } from '../../../../shared/domain';
import { TEXT_CALL_STYLES, type TextCallStyle, type TrajectoryMapping } from '../../../../shared/formats/mapping';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { QuickPick, type QuickPickOption } from '../../components/QuickPick';
import { MappingPreviewView } from './MappingPreview';
import { useImportDraft } from './state';

type Proposal = Result<'mappings.propose'>;
type Found = Proposal['found'][number];

const ROLE_CHOICES: QuickPickOption<'' | TurnRole>[] = [
  { value: '', label: 'left out' },
  { value: 'user', label: 'user' },
  { value: 'assistant', label: 'assistant' },
  { value: 'system', label: 'system' },
  { value: 'tool', label: 'tool result' },
];

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
  const { mappingDraft, mappingExportPath, patch } = useImportDraft();
  const proposal = useQuery(() => api.invoke('mappings.propose', { path, name: fileStem(path) }), [path]);
  const saved = useQuery(() => api.invoke('mappings.list', {}), [], ['mappings.changed']);
  const [note, setNote] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const mapping = mappingDraft?.forPath === path ? mappingDraft.mapping : null;
  // A new file gets its proposal; a mapping being edited for this file is kept as it is.
  useEffect(() => {
    if (!mapping && proposal.data?.mapping) patch({ mappingDraft: { forPath: path, mapping: proposal.data.mapping } });
  }, [mapping, proposal.data, path, patch]);
  const debounced = useDebounced(mapping, PREVIEW_DELAY_MS);
  const preview = useQuery(
    debounced ? () => api.invoke('mappings.preview', { path, mapping: debounced, limit: 3 }) : null,
    [path, JSON.stringify(debounced)],
  );
  const edit = (change: Partial<TrajectoryMapping>) => {
    if (mapping) patch({ mappingDraft: { forPath: path, mapping: { ...mapping, ...change } } });
    setNote(null);
  };
  const act = async (work: () => Promise<string>) => {
    setActionError(null);
    try {
      setNote(await work());
    } catch (error) {
      setActionError((error as Error).message);
    }
  };

  if (proposal.error) return <ErrorNote message={proposal.error.message} />;
  if (!proposal.data) return <p className="muted">Looking for the conversation in the file…</p>;
  const found = proposal.data.found;
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
          No mapping to propose: {proposal.data.reason ?? 'nothing found'} in the first {proposal.data.sample.records}{' '}
          records.
        </p>
        {savedPicker}
      </section>
    );
  const array = found.find((f) => f.runs === mapping.runs && f.messages === mapping.messages);

  return (
    <section className="mapping-editor" aria-label="Map fields">
      <p className="muted">
        {proposal.data.claimedBy
          ? `${proposal.data.claimedBy} reads this file; a mapping can still say where its runs and turns are.`
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
            value={`${mapping.runs}\n${mapping.messages ?? ''}`}
            options={found.map((f) => ({
              value: `${f.runs}\n${f.messages}`,
              label: f.runs === '$' ? f.messages : `${f.runs} → ${f.messages}`,
              detail: `${f.count} messages`,
            }))}
            onChange={(v) => {
              const next = found.find((f) => `${f.runs}\n${f.messages}` === v)!;
              edit(arrayMapping(next));
            }}
          />
        </label>
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
        <FieldPick
          label="Result’s call id"
          value={mapping.results?.callId ?? ''}
          fields={array?.fields ?? []}
          none="by order (no ids)"
          onChange={(callId) => edit({ results: callId ? { callId } : undefined })}
        />
      </div>
      <RolesEditor mapping={mapping} array={array} onChange={(roles) => edit({ roles })} />
      <RunFieldsEditor mapping={mapping} proposal={proposal.data} onChange={edit} />
      <MappingPreviewView preview={preview.data} error={preview.error?.message} stale={preview.loading} />
      <div className="mapping-actions">
        <button
          type="button"
          onClick={() =>
            void act(async () => {
              await api.invoke('mappings.save', { mapping });
              return `Saved as "${mapping.name}" in this workspace.`;
            })
          }
        >
          Save mapping
        </button>
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
          onClick={() =>
            void act(async () => {
              const { path: written } = await api.invoke('mappings.export', { mapping, path: mappingExportPath });
              return `Wrote ${written}: trellis import FILE --mapping ${written}`;
            })
          }
        >
          Export mapping…
        </button>
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

function FieldPick({
  label,
  value,
  fields,
  onChange,
  none,
  details = {},
}: {
  label: string;
  value: string;
  fields: string[];
  onChange(field: string): void;
  /** The choice of no field, when there may be none. */
  none?: string;
  details?: Record<string, string>;
}) {
  const options: QuickPickOption[] = [
    ...(none ? [{ value: '', label: none }] : []),
    ...[...new Set([...fields, ...(value ? [value] : [])])].map((f) => ({ value: f, label: f, detail: details[f] })),
  ];
  return (
    <label>
      {label}
      <QuickPick<string> label={label} value={value} options={options} onChange={onChange} />
    </label>
  );
}

function CallsPick({
  mapping,
  fields,
  onChange,
}: {
  mapping: TrajectoryMapping;
  fields: string[];
  onChange(calls: TrajectoryMapping['calls']): void;
}) {
  const calls = mapping.calls;
  const value = !calls ? '' : calls.from === 'text' ? `text:${calls.style}` : `field:${calls.path}`;
  const options: QuickPickOption[] = [
    { value: '', label: 'none' },
    ...(Object.entries(TEXT_CALL_STYLES) as [TextCallStyle, string][]).map(([style, label]) => ({
      value: `text:${style}`,
      label: `in the text: ${label}`,
    })),
    ...fields.map((f) => ({ value: `field:${f}`, label: `field ${f}` })),
  ];
  const pick = (v: string) => {
    if (!v) return onChange(undefined);
    const [from, rest] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
    if (from === 'text') return onChange({ from: 'text', style: rest as TextCallStyle });
    onChange({ from: 'field', path: rest, name: 'function.name', args: 'function.arguments', id: 'id' });
  };
  return (
    <>
      <label>
        Calls
        <QuickPick<string> label="Calls" value={value} options={options} onChange={pick} />
      </label>
      {calls?.from === 'field' &&
        (['name', 'args', 'id'] as const).map((key) => (
          <label key={key}>
            Call’s {key === 'args' ? 'arguments' : key}
            <input
              aria-label={`Call’s ${key === 'args' ? 'arguments' : key}`}
              value={calls[key] ?? ''}
              onChange={(e) => onChange({ ...calls, [key]: e.target.value })}
            />
          </label>
        ))}
    </>
  );
}

/** Each value of the role field, and the role it means (or left out). */
function RolesEditor({
  mapping,
  array,
  onChange,
}: {
  mapping: TrajectoryMapping;
  array: Found | undefined;
  onChange(roles: TrajectoryMapping['roles']): void;
}) {
  const values = array?.roleFields.find((r) => r.field === mapping.role)?.values ?? [];
  if (!values.length) return null;
  const roleOf = (value: string) =>
    (Object.entries(mapping.roles) as [TurnRole, string[]][]).find(([, names]) => names.includes(value))?.[0] ?? '';
  const assign = (value: string, role: '' | TurnRole) => {
    const roles: TrajectoryMapping['roles'] = {};
    for (const [r, names] of Object.entries(mapping.roles) as [TurnRole, string[]][]) {
      const kept = names.filter((n) => n !== value);
      if (kept.length) roles[r] = kept;
    }
    if (role) roles[role] = [...(roles[role] ?? []), value];
    onChange(roles);
  };
  return (
    <fieldset className="mapping-roles">
      <legend>Roles: what each “{mapping.role}” means</legend>
      {values.map(({ value, count }) => (
        <label key={value}>
          <span>
            {value} <span className="muted">({count})</span>
          </span>
          <QuickPick<'' | TurnRole>
            label={`Role of ${value}`}
            value={roleOf(value)}
            options={ROLE_CHOICES}
            onChange={(role) => assign(value, role)}
          />
        </label>
      ))}
    </fieldset>
  );
}

/** Outcome (with what counts as success), model and task id, from the runs' own fields. */
function RunFieldsEditor({
  mapping,
  proposal,
  onChange,
}: {
  mapping: TrajectoryMapping;
  proposal: Proposal;
  onChange(change: Partial<TrajectoryMapping>): void;
}) {
  const fields = proposal.runFields.map((f) => f.path);
  const details = Object.fromEntries(proposal.runFields.map((f) => [f.path, f.examples.map(String).join(', ')]));
  const outcome = mapping.outcome;
  const successText = outcome && Array.isArray(outcome.success) ? outcome.success.map(String).join(', ') : '';
  return (
    <div className="mapping-fields">
      <FieldPick
        label="Outcome field"
        value={outcome?.path ?? ''}
        fields={fields}
        details={details}
        none="none"
        onChange={(path) => onChange({ outcome: path ? { path, success: outcome?.success ?? [true] } : undefined })}
      />
      {outcome && (
        <>
          <label>
            Success when
            <select
              aria-label="Success when"
              value={Array.isArray(outcome.success) ? 'one-of' : 'at-least'}
              onChange={(e) =>
                onChange({
                  outcome: { ...outcome, success: e.target.value === 'one-of' ? [true] : { atLeast: 1 } },
                })
              }
            >
              <option value="one-of">it is one of</option>
              <option value="at-least">it is at least</option>
            </select>
          </label>
          {Array.isArray(outcome.success) ? (
            <label>
              Success values
              <input
                aria-label="Success values"
                placeholder="true, pass, resolved"
                defaultValue={successText}
                key={successText}
                onBlur={(e) => onChange({ outcome: { ...outcome, success: successValues(e.target.value) } })}
              />
            </label>
          ) : (
            <label>
              Success bound
              <input
                aria-label="Success bound"
                type="number"
                value={outcome.success.atLeast}
                onChange={(e) => onChange({ outcome: { ...outcome, success: { atLeast: Number(e.target.value) } } })}
              />
            </label>
          )}
        </>
      )}
      <FieldPick
        label="Model field"
        value={mapping.model ?? ''}
        fields={fields}
        details={details}
        none="none"
        onChange={(model) => onChange({ model: model || undefined })}
      />
      <FieldPick
        label="Task id field"
        value={mapping.taskId ?? ''}
        fields={fields}
        details={details}
        none="none"
        onChange={(taskId) => onChange({ taskId: taskId || undefined })}
      />
    </div>
  );
}

/** "true, pass, 1" → [true, "pass", 1]: the values a person types, as the field would hold them. */
function successValues(text: string): (string | number | boolean)[] {
  const values = text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => (v === 'true' ? true : v === 'false' ? false : v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v));
  return values.length ? values : [true];
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
