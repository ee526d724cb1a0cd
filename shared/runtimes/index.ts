export * from './command-line';
export * from './templates';
