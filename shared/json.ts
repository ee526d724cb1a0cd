/** A JSON object: not null, not an array. The one plain-object check of the code base. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
