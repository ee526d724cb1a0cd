import path from 'node:path';
import { TrellisError } from '../shared/errors';
import { openWorkspace, rendererRoot, setTraceGrouping } from '../backend';
import { TRACE_GROUPINGS } from '../shared/formats/otlp/groups';
import { startWebHost } from '../web/server';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const serveVerb: Verb = {
  name: 'serve',
  summary:
    'Serve the Trellis UI and backend on this machine. Open the printed URL (it carries a\n' +
    'random access token) in a browser. Ctrl+C stops the host cleanly.',
  usage:
    'trellis serve [--workspace FILE] [--host 127.0.0.1] [--port 0] [--traces on|off] [--traces-group conversation|trace] [--trace-quiet-seconds 30] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    'with-examples': {
      type: 'boolean',
      description:
        'Seed a new workspace with the example graph and trajectories (the default workspace gets them on first start)',
    },
    host: { type: 'string', description: 'Address to listen on (default 127.0.0.1)' },
    port: { type: 'string', description: 'Port (default 0: any free port)' },
    traces: {
      type: 'string',
      description:
        'Receive OpenTelemetry traces at /v1/traces on the same port, with the same token (default on; off turns it off)',
    },
    'traces-group': {
      type: 'string',
      description:
        'Received traces of one conversation (gen_ai.conversation.id) make one trajectory ("conversation", the default), or each trace its own, linked by its conversation_id metadata ("trace"); kept with the workspace',
    },
    'trace-quiet-seconds': {
      type: 'string',
      description:
        'A received trace without its root span counts as complete after this long without spans (default 30)',
    },
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
    const traces = String(values.traces ?? 'on');
    if (traces !== 'on' && traces !== 'off')
      throw new TrellisError(
        'E1002',
        `--traces must be on or off, not "${traces}".`,
        'Pass --traces off to turn the trace receiver off.',
      );
    const group = values['traces-group'] === undefined ? undefined : String(values['traces-group']);
    const grouping = TRACE_GROUPINGS.find((g) => g === group);
    if (group !== undefined && !grouping)
      throw new TrellisError(
        'E1002',
        `--traces-group must be ${TRACE_GROUPINGS.join(' or ')}, not "${group}".`,
        'Pass --traces-group trace for one trajectory per trace, or conversation (the default) for one per conversation.',
      );
    const quiet = values['trace-quiet-seconds'] === undefined ? 30 : Number(values['trace-quiet-seconds']);
    if (!Number.isFinite(quiet) || quiet <= 0)
      throw new TrellisError(
        'E1002',
        `--trace-quiet-seconds must be a positive number, not "${String(values['trace-quiet-seconds'])}".`,
        'Pass e.g. --trace-quiet-seconds 30.',
      );
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
    // Given here, it is the workspace's setting from now on (the Trajectories workspace shows it).
    if (grouping) setTraceGrouping(backend.store, grouping);
    const host = await startWebHost({
      backend,
      staticRoot: rendererRoot(),
      host: String(values.host ?? '127.0.0.1'),
      port,
      traces: traces === 'on' ? { quietMs: quiet * 1000 } : false,
    }).catch((error: unknown) => {
      backend.close();
      throw error;
    });
    if (io.json) {
      io.out(
        JSON.stringify({
          ok: true,
          url: host.url,
          port: host.port,
          workspace,
          created: backend.created,
          otlpEndpoint: host.otlpEndpoint,
          ...(host.otlpEndpoint ? { otlpToken: host.traceToken } : {}),
        }),
      );
    } else {
      const fresh = seed
        ? ' (new workspace, seeded with examples)'
        : ' (new, empty workspace: --with-examples adds the examples)';
      io.out(`Trellis is serving ${workspace}${backend.created ? fresh : ''}`);
      io.out(`Open this URL in a browser:\n\n    ${host.url}\n`);
      if (host.otlpEndpoint)
        io.out(
          `Agents instrumented with OpenTelemetry send traces here:\n\n    OTEL_EXPORTER_OTLP_ENDPOINT=${host.otlpEndpoint}\n    OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${host.traceToken}"\n\n(this token sends traces and can do nothing else)\n`,
        );
      io.out('Press Ctrl+C to stop.');
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
