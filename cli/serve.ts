import path from 'node:path';
import { TrellisError } from '../shared/errors';
import { openWorkspace, rendererRoot } from '../backend';
import { startWebHost } from '../web/server';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const serveVerb: Verb = {
  name: 'serve',
  summary:
    'Serve the Trellis UI and backend on this machine. Open the printed URL (it carries a\n' +
    'random access token) in a browser. Ctrl+C stops the host cleanly.',
  usage: 'trellis serve [--workspace FILE] [--host 127.0.0.1] [--port 0] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    'with-examples': {
      type: 'boolean',
      description:
        'Seed a new workspace with the example graph and trajectories (the default workspace gets them on first start)',
    },
    host: { type: 'string', description: 'Address to listen on (default 127.0.0.1)' },
    port: { type: 'string', description: 'Port (default 0: any free port)' },
  },
  async run(values, io) {
    const workspace = path.resolve(String(values.workspace ?? defaultWorkspacePath()));
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new TrellisError(
        'E1002',
        `--port must be a number from 0 to 65535, not "${String(values.port)}".`,
        'Pass e.g. --port 7300.',
      );
    }
    // The app's first start (its default workspace) shows the examples; a workspace named for a
    // pipeline starts empty unless asked.
    const seed = values['with-examples'] === true || values.workspace === undefined;
    const opened = openWorkspace({ workspace, host: 'web', seed });
    if (!opened.ok) {
      const { error, newestBackup } = opened;
      throw newestBackup
        ? new TrellisError(
            error.code,
            error.message,
            `${error.hint} Newest backup: trellis serve --workspace "${newestBackup}"`,
          )
        : error;
    }
    const backend = opened.backend;
    const host = await startWebHost({
      backend,
      staticRoot: rendererRoot(),
      host: String(values.host ?? '127.0.0.1'),
      port,
    }).catch((error: unknown) => {
      backend.close();
      throw error;
    });
    if (io.json) {
      io.out(JSON.stringify({ ok: true, url: host.url, port: host.port, workspace, created: backend.created }));
    } else {
      const fresh = seed
        ? ' (new workspace, seeded with examples)'
        : ' (new, empty workspace: --with-examples adds the examples)';
      io.out(`Trellis is serving ${workspace}${backend.created ? fresh : ''}`);
      io.out(`Open this URL in a browser:\n\n    ${host.url}\n\nPress Ctrl+C to stop.`);
    }
    await waitForSignal();
    await host.close();
    backend.close();
    if (!io.json) io.out('Trellis stopped; the workspace is saved.');
    return 0;
  },
};

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
