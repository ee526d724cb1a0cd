/** "1 record", "2 records": a count with its noun, for messages people read. */
export const countOf = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
