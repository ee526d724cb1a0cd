import { utilityProcess } from 'electron';
import type { HelperMessage, HelperRequest, HelperSpawner } from '../../backend';

/**
 * The llama helper as an Electron utilityProcess, started here for the backend process (a
 * utility process cannot fork another, and child_process.fork needs the RunAsNode fuse, which
 * packaged builds turn off).
 */
export const utilityHelper: HelperSpawner = (script, env) => {
  const child = utilityProcess.fork(script, [], { env, serviceName: 'Trellis model', stdio: 'inherit' });
  return {
    get pid() {
      return child.pid;
    },
    send: (message: HelperRequest) => child.postMessage(message),
    onMessage: (listener) => child.on('message', (message: HelperMessage) => listener(message)),
    onExit: (listener) => child.once('exit', (code) => listener(`exited with code ${code}`)),
    kill: () => void child.kill(),
  };
};
