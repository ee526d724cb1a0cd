/** JSON columns: stored as text, read back into domain values. */
export const toJson = (value: unknown): string => JSON.stringify(value);

export function fromJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export const nowIso = (): string => new Date().toISOString();
