import type { SchemaField } from './fields';

export type Compatibility =
  { level: 'ok' } | { level: 'loose'; reason: string } | { level: 'incompatible'; reason: string };

const SCALAR_TO_TEXT = new Set(['number', 'integer', 'boolean']);

/**
 * Can a result field fill a parameter? `ok` when the types agree, `loose` when the value fits
 * only after a conversion or may fall outside the parameter's values, `incompatible` otherwise.
 */
export function fieldCompatibility(from: SchemaField, to: SchemaField): Compatibility {
  if (from.type === 'any' || to.type === 'any') {
    return { level: 'loose', reason: `${from.type === 'any' ? from.path : to.path} has no declared type` };
  }
  if (from.type === to.type) {
    if (from.type === 'array' && from.items && to.items && from.items !== to.items) {
      return fieldCompatibility({ ...from, type: from.items }, { ...to, type: to.items }).level === 'incompatible'
        ? { level: 'incompatible', reason: `array of ${from.items} cannot fill an array of ${to.items}` }
        : { level: 'loose', reason: `array of ${from.items} fills an array of ${to.items}` };
    }
    return enumCompatibility(from, to) ?? formatCompatibility(from, to) ?? { level: 'ok' };
  }
  if (from.type === 'integer' && to.type === 'number') return { level: 'ok' };
  if (from.type === 'number' && to.type === 'integer') {
    return { level: 'loose', reason: 'a number fills an integer: fractions would be cut' };
  }
  if (SCALAR_TO_TEXT.has(from.type) && to.type === 'string') {
    return to.enum
      ? { level: 'incompatible', reason: `a ${from.type} cannot be one of ${JSON.stringify(to.enum)}` }
      : { level: 'loose', reason: `a ${from.type} fills a string as text` };
  }
  return { level: 'incompatible', reason: `${describe(from)} cannot fill ${describe(to)}` };
}

/** `an array of object`, `a string`. */
function describe(field: SchemaField): string {
  const what = field.type === 'array' && field.items ? `array of ${field.items}` : field.type;
  return `${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`;
}

function enumCompatibility(from: SchemaField, to: SchemaField): Compatibility | null {
  if (!to.enum) return null;
  if (!from.enum) return { level: 'loose', reason: `${from.path} may hold values outside ${JSON.stringify(to.enum)}` };
  const outside = from.enum.filter((value) => !to.enum!.includes(value));
  if (outside.length === from.enum.length) {
    return { level: 'incompatible', reason: `none of ${JSON.stringify(from.enum)} is allowed in ${to.path}` };
  }
  return outside.length ? { level: 'loose', reason: `${JSON.stringify(outside)} are not allowed in ${to.path}` } : null;
}

function formatCompatibility(from: SchemaField, to: SchemaField): Compatibility | null {
  if (!to.format || from.format === to.format) return null;
  return {
    level: 'loose',
    reason: `${to.path} expects format ${to.format}, ${from.path} is ${from.format ?? 'unformatted'}`,
  };
}
