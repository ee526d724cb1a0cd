/**
 * The backend process: the workspace's SQLite work, runs and jobs happen here, so they never
 * block the main process's window events. The main process starts it as an Electron
 * utilityProcess (messages over `process.parentPort`); under plain Node it runs as a forked
 * child with an IPC channel, which is how the tests drive it.
 */
import type { LinkMessage, LinkPort } from '../link/peer';
import { electronSqliteBinding } from './native-binding';
import { serveBackend } from './serve';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function parentPortLink(parentPort: ParentPort): LinkPort {
  return {
    post: (message: LinkMessage) => parentPort.postMessage(message),
    listen: (listener) => parentPort.on('message', (event) => listener(event.data)),
  };
}

function nodeIpcLink(): LinkPort {
  // Without its parent there is nobody to answer: stop rather than linger.
  process.on('disconnect', () => process.exit(0));
  return {
    post: (message: LinkMessage) => void (process.connected && process.send?.(message)),
    listen: (listener) => process.on('message', listener),
  };
}

const parentPort = (process as { parentPort?: ParentPort }).parentPort;
const electronVersion = (process.versions as { electron?: string }).electron;
serveBackend(parentPort ? parentPortLink(parentPort) : nodeIpcLink(), {
  nativeBinding: electronVersion ? electronSqliteBinding(electronVersion) : undefined,
});
