/**
 * The backend's entry: everything a shell (Electron, web host, command line) may use. Shells
 * import this module and the contract, never a domain or the store directly.
 */
export { createBackend, type Backend, type BackendOptions } from './backend';
export { connectTransport, handleRequest } from './connection';
export { toTrellisError } from './registry';
export type { FilePicker, SecretStore } from './context';
export type { HelperProcess, HelperSpawner } from './llm/supervisor';
export type { HelperMessage, HelperRequest } from './llm/protocol';
export { CONTENT_SECURITY_POLICY } from './hosting/csp';
export { rendererRoot, uiFile } from './hosting/static-files';
export { openWorkspace, type OpenedWorkspace } from './hosting/open-workspace';
export { packageRoot } from './resources';
export { TraceReceiver, DEFAULT_QUIET_MS, type TraceReceiverOptions } from './otlp/receiver';
export { handleTraceRequest, isOtlpRequest, OTLP_TRACES_PATH } from './otlp/http';
export { setTraceGrouping, traceGroupingOf } from './otlp/grouping';
export { readMappingFile } from './trajectories/mapping-file';
export { ApiSecrets } from './config/api-secrets';
export { defaultConfigDir } from './config/user-config';
