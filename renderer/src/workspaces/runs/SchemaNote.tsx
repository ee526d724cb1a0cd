import type { CallTool } from './use-call-tool';

interface Props {
  toolName: string | undefined;
  known: CallTool;
  /** The schema the editor completes from: a call's parameters or an observation's result. */
  part: 'parameters' | 'returns';
  /** The editor's text as typed. */
  text: string;
}

/** Names of the schema's properties that the JSON text does not give yet (null: not an object). */
function missingNames(schema: Record<string, unknown>, text: string): string[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const properties = schema.properties;
  if (!value || typeof value !== 'object' || Array.isArray(value) || !properties || typeof properties !== 'object')
    return null;
  return Object.keys(properties).filter((key) => !(key in value));
}

/**
 * Says what completion in a run turn's JSON editor can offer when that is not the tool's names:
 * no schema is known for the tool, or every parameter is already given (Monaco then falls back
 * to the words of the text, which reads as broken completion).
 */
export function SchemaNote({ toolName, known, part, text }: Props) {
  if (known.loading) return null;
  const schema = known.tool?.[part];
  const tool = toolName ? `tool ${toolName}` : 'the tool';
  if (!schema)
    return (
      <p className="muted" data-testid="schema-note">
        {part === 'parameters' ? 'No schema' : 'No result schema'} for {tool}: completion offers words only.
      </p>
    );
  const missing = part === 'parameters' ? missingNames(schema, text) : null;
  if (missing?.length !== 0) return null;
  return (
    <p className="muted" data-testid="schema-note">
      Every parameter of {tool} is given: completion has no names left to offer, only words of the text.
    </p>
  );
}
