export * from './command-line';
export * from './kinds';
export * from './templates';
