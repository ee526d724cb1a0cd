import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS } from '../../shared/contract/channels';
import type { ServerMessage } from '../../shared/contract/messages';

let nextId = 1;

// The page gets two functions for contract messages, never ipcRenderer itself.
contextBridge.exposeInMainWorld('trellis', {
  invoke: (method: string, args: unknown) =>
    ipcRenderer.invoke(IPC_CHANNELS.invoke, { kind: 'request', id: nextId++, method, args }),
  on: (listener: (message: ServerMessage) => void) => {
    const forward = (_event: IpcRendererEvent, message: ServerMessage) => listener(message);
    ipcRenderer.on(IPC_CHANNELS.event, forward);
    return () => void ipcRenderer.removeListener(IPC_CHANNELS.event, forward);
  },
});
