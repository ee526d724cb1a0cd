import type { HelperProcess, HelperSpawner } from '../../backend';
import type { BackendPeer } from '../link/protocol';

/**
 * Starts the llama helpers the backend process asks for and relays their messages both ways
 * (only the main process may start a utilityProcess). `killAll` ends them when the backend
 * process is gone, so a loaded model never outlives it.
 */
export function relayHelpers(backend: BackendPeer, spawn: HelperSpawner): { killAll(): void } {
  const helpers = new Map<number, HelperProcess>();
  backend.hear('helper.spawn', ({ helper, script, env }) => {
    let child: HelperProcess;
    try {
      child = spawn(script, env);
    } catch (error) {
      backend.tell('helper.exit', { helper, how: `could not start (${(error as Error).message})` });
      return;
    }
    helpers.set(helper, child);
    // A utilityProcess has its pid only once it runs: it is passed on as soon as it is known.
    let pidTold = false;
    const tellPid = () => {
      if (pidTold || child.pid === undefined) return;
      pidTold = true;
      backend.tell('helper.spawned', { helper, pid: child.pid });
    };
    tellPid();
    child.onMessage((message) => {
      tellPid();
      backend.tell('helper.message', { helper, message });
    });
    child.onExit((how) => {
      helpers.delete(helper);
      backend.tell('helper.exit', { helper, how });
    });
  });
  backend.hear('helper.send', ({ helper, message }) => helpers.get(helper)?.send(message));
  backend.hear('helper.kill', ({ helper }) => helpers.get(helper)?.kill());
  return {
    killAll: () => {
      for (const child of helpers.values()) child.kill();
      helpers.clear();
    },
  };
}
