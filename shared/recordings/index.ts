export * from './calls';
export * from './infer-schema';
export * from './replay';
export * from './similarity';
