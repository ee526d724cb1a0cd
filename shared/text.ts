/** "1 record", "2 records", "3 trajectories": a count with its noun, for messages people read. */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;

/** "1 trajectory", "3 trajectories". */
export const trajectoriesCount = (n: number): string => countOf(n, 'trajectory', 'trajectories');

/** "12 findings in 5 trajectories": findings are counted one by one, trajectories once each. */
export const findingsIn = (findings: number, trajectories: number): string =>
  `${countOf(findings, 'finding')} in ${trajectoriesCount(trajectories)}`;
