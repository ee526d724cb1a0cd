import { useState } from 'react';
import type { Result } from '../../../../shared/contract';
import type { TurnRole } from '../../../../shared/domain';
import {
  successOf,
  TEXT_CALL_STYLES,
  type TextCallStyle,
  type TrajectoryMapping,
} from '../../../../shared/formats/mapping';
import { QuickPick, type QuickPickOption } from '../../components/QuickPick';

type Proposal = Result<'mappings.propose'>;
type Found = Proposal['found'][number];

const ROLE_CHOICES: QuickPickOption<'' | TurnRole>[] = [
  { value: '', label: 'left out' },
  { value: 'user', label: 'user' },
  { value: 'assistant', label: 'assistant' },
  { value: 'system', label: 'system' },
  { value: 'tool', label: 'tool result' },
];

/** A field among those found (a picker, since the set is known), or none where there may be none. */
export function FieldPick({
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

/** Where calls are: none, the model's text in one of the styles read, or a field of the message. */
export function CallsPick({
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
    { value: 'field:$', label: 'the message itself (its fields name the tool and arguments)' },
  ];
  const pick = (v: string) => {
    if (!v) return onChange(undefined);
    const [from, rest] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
    if (from === 'text') return onChange({ from: 'text', style: rest as TextCallStyle });
    onChange(
      rest === '$'
        ? { from: 'field', path: rest, name: 'name', args: 'arguments' }
        : { from: 'field', path: rest, name: 'function.name', args: 'function.arguments', id: 'id' },
    );
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

/**
 * Where results are: tool messages (with the field naming the call each answers), or held in a
 * field of the message that made the calls (then the call id and text are paths inside a result).
 */
export function ResultsPick({
  mapping,
  fields,
  onChange,
}: {
  mapping: TrajectoryMapping;
  fields: string[];
  onChange(results: TrajectoryMapping['results']): void;
}) {
  const results = mapping.results ?? {};
  const set = (change: Partial<NonNullable<TrajectoryMapping['results']>>) => {
    const next = Object.fromEntries(Object.entries({ ...results, ...change }).filter(([, v]) => v));
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <>
      <FieldPick
        label="Results held in"
        value={results.in ?? ''}
        fields={fields}
        none="tool messages"
        onChange={(held) => set({ in: held || undefined, content: undefined, callId: undefined })}
      />
      {results.in ? (
        <>
          <label>
            Result’s text
            <input
              aria-label="Result’s text"
              placeholder="the whole result"
              value={results.content ?? ''}
              onChange={(e) => set({ content: e.target.value || undefined })}
            />
          </label>
          <label>
            Result’s call id
            <input
              aria-label="Result’s call id"
              placeholder="by order (no ids)"
              value={results.callId ?? ''}
              onChange={(e) => set({ callId: e.target.value || undefined })}
            />
          </label>
        </>
      ) : (
        <FieldPick
          label="Result’s call id"
          value={results.callId ?? ''}
          fields={fields}
          none="by order (no ids)"
          onChange={(callId) => set({ callId: callId || undefined })}
        />
      )}
    </>
  );
}

/** Each value of the role field, and the role it means (or left out). */
export function RolesEditor({
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

/** Outcome (with what counts as success), system prompt, model and task id, from the runs' own fields. */
export function RunFieldsEditor({
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
        // Another field holds other values: what counts as success is guessed from them again.
        onChange={(path) => {
          const field = proposal.runFields.find((f) => f.path === path);
          onChange({ outcome: path ? { path, success: field ? successOf(field) : [true] } : undefined });
        }}
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
            <SuccessValuesInput
              shown={successText}
              onChange={(success) => onChange({ outcome: { ...outcome, success } })}
            />
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
        label="System prompt field"
        value={mapping.system ?? ''}
        fields={fields}
        details={details}
        none="none"
        onChange={(system) => onChange({ system: system || undefined })}
      />
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

/**
 * The values that count as success, as typed: each keystroke goes into the mapping (so nothing
 * typed is lost to a reload or a workspace switch), while the text keeps what is half typed
 * ("pass, ") until the values change from elsewhere.
 */
function SuccessValuesInput({
  shown,
  onChange,
}: {
  shown: string;
  onChange(values: (string | number | boolean)[]): void;
}) {
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    setLastShown(shown);
    if (successValues(text).map(String).join(', ') !== shown) setText(shown);
  }
  return (
    <label>
      Success values
      <input
        aria-label="Success values"
        placeholder="true, pass, resolved"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(successValues(e.target.value));
        }}
      />
    </label>
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
