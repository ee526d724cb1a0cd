import { countOf } from '../text';

/**
 * One tool declared different ways across imported records, in words: which definition the graph
 * took (the first, the one most records declare) and how many records declare each.
 */
export function describeToolVariants(variants: readonly { records: number; firstRecord: number }[]): string {
  return variants
    .map(
      (v, i) =>
        `${countOf(v.records, 'record')} as in record ${v.firstRecord}${i === 0 ? ' (the one the graph has)' : ''}`,
    )
    .join('; ');
}
