export * from './deterministic';
export * from './generation';
export * from './order';
export * from './refs';
export * from './validate';
export * from './workflow';
