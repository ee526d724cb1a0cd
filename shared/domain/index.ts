export * from './environment';
export * from './tool-graph';
export * from './trajectory';
export * from './curation';
export * from './files';
export * from './trajectory-query';
