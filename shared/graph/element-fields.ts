import type { JsonSchema } from '../domain';
import { fieldCompatibility, type Compatibility } from './compatibility';
import { fieldNameVariants } from './field-names';
import { schemaFields, type SchemaField } from './fields';

export interface ElementFieldFit {
  field: SchemaField;
  compatibility: Exclude<Compatibility, { level: 'incompatible' }>;
  /** The element field goes by the parameter's name (`rooms[].room_id` for `room_id`, `rooms[].id` too). */
  sameName: boolean;
}

/**
 * Fields of a list's elements that could fill a parameter (a list of objects dropped on a
 * scalar): exact types first, then same-named, then fields that fit with a warning.
 */
export function elementFieldsThatFit(returns: JsonSchema, listPath: string, to: SchemaField): ElementFieldFit[] {
  const name = to.path.split('.').pop()!;
  const fits: ElementFieldFit[] = [];
  for (const field of schemaFields(returns, { elements: true })) {
    if (!field.path.startsWith(`${listPath}[].`) || field.type === 'object') continue;
    const compatibility = fieldCompatibility(field, to);
    if (compatibility.level === 'incompatible') continue;
    fits.push({ field, compatibility, sameName: fieldNameVariants(field.path).includes(name) });
  }
  const rank = (fit: ElementFieldFit) => (fit.compatibility.level === 'ok' ? 0 : 2) + (fit.sameName ? 0 : 1);
  return fits.sort((a, b) => rank(a) - rank(b));
}

/**
 * The element field to connect instead of the list, when the choice is clear: the only
 * same-named one that fits exactly, else the only one that fits exactly. Null when the user
 * has to choose.
 */
export function clearElementField(fits: readonly ElementFieldFit[]): ElementFieldFit | null {
  const exact = fits.filter((f) => f.compatibility.level === 'ok');
  const named = exact.filter((f) => f.sameName);
  if (named.length === 1) return named[0]!;
  return exact.length === 1 ? exact[0]! : null;
}
