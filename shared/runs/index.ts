export * from './breakpoints';
export * from './consent';
export * from './next-action';
export * from './outcome';
export * from './plan-turns';
export * from './results';
export * from './types';
export * from './world';
