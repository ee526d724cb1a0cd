import { parseFieldPath } from './field-paths';

/** `rooms` → `room`, `cities` → `city`, `addresses` → `address`: enough English for field names. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(s|x|z|ch|sh)es$/.test(word)) return word.replace(/es$/, '');
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Names a field could go by in another tool's parameters: its own last key and that key's
 * multi-word suffixes (`best_hotel_id` → `hotel_id`); for an element field, also the key
 * prefixed by the list's singular (`rooms[].id` → `room_id`).
 */
export function fieldNameVariants(path: string): string[] {
  const steps = parseFieldPath(path) ?? [];
  const keys = steps.flatMap((s) => (s.kind === 'key' ? [s.key] : []));
  const last = keys.at(-1) ?? path;
  const parts = last.split('_');
  const variants = [last];
  for (let i = 1; i < parts.length - 1; i++) variants.push(parts.slice(i).join('_'));
  const beforeLast = steps.at(-2);
  const list = keys.at(-2);
  if (beforeLast?.kind === 'element' && list) {
    const item = singular(list);
    if (item !== list && !last.startsWith(`${item}_`)) variants.push(`${item}_${last}`);
  }
  return variants;
}
