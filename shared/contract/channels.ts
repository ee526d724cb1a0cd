/** IPC channel names of the Electron shell, declared once (no imports: the preload bundles this). */
export const IPC_CHANNELS = { invoke: 'trellis:invoke', event: 'trellis:event' } as const;
