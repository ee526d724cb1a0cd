export * from './checks';
export * from './compatibility';
export * from './edit';
export * from './fields';
export * from './history';
export * from './suggestions';
export * from './topology';
export * from './export';
