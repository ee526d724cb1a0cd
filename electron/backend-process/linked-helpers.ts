import type { HelperMessage, HelperSpawner } from '../../backend';
import type { HostPeer } from '../link/protocol';

interface LinkedHelper {
  pid: number | undefined;
  messageListeners: ((message: HelperMessage) => void)[];
  exitListeners: ((how: string) => void)[];
}

/**
 * Starts llama helpers through the main process: a utility process cannot fork another, and
 * `child_process.fork` needs the RunAsNode fuse, which packaged builds turn off. The model
 * supervisor sees an ordinary helper process.
 */
export function linkedHelpers(host: HostPeer): HelperSpawner {
  const helpers = new Map<number, LinkedHelper>();
  let next = 1;
  host.hear('helper.spawned', ({ helper, pid }) => {
    const found = helpers.get(helper);
    if (found) found.pid = pid;
  });
  host.hear('helper.message', ({ helper, message }) => {
    for (const listener of helpers.get(helper)?.messageListeners ?? []) listener(message);
  });
  host.hear('helper.exit', ({ helper, how }) => {
    const found = helpers.get(helper);
    helpers.delete(helper);
    for (const listener of found?.exitListeners ?? []) listener(how);
  });
  return (script, env) => {
    const helper = next++;
    const state: LinkedHelper = { pid: undefined, messageListeners: [], exitListeners: [] };
    helpers.set(helper, state);
    host.tell('helper.spawn', { helper, script, env });
    return {
      get pid() {
        return state.pid;
      },
      send: (message) => host.tell('helper.send', { helper, message }),
      onMessage: (listener) => void state.messageListeners.push(listener),
      onExit: (listener) => void state.exitListeners.push(listener),
      kill: () => host.tell('helper.kill', { helper }),
    };
  };
}
