import fs from 'node:fs';
import path from 'node:path';
import type { JobProgress } from '../shared/contract/jobs';
import { TrellisError } from '../shared/errors';
import { TOOL_POLICIES, type Candidate, type ExperimentView, type ToolPolicy } from '../shared/experiments/types';
import { loadModelFlag, openBackend } from './backend-helpers';
import { experimentLines, sideBySideLines } from './experiment-table';
import { datasetId } from './export';
import { FILTER_OPTIONS, filterFromFlags, seedFromFlag } from './selection-flags';
import type { Verb, VerbIO } from './verb';
import { defaultWorkspacePath } from './workspace-path';

const WORKSPACE = { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` } as const;

function wholeNumber(flag: string, value: unknown, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new TrellisError(
      'E1002',
      `--${flag} takes a whole number${min ? ` from ${min}` : ''}, not "${String(value)}".`,
    );
  return n;
}

function readPrompt(file: unknown): string | undefined {
  if (typeof file !== 'string') return undefined;
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new TrellisError('E1002', `--system-prompt names a file that cannot be read: ${(error as Error).message}.`);
  }
}

/** The candidates the flags describe: one per --server-model on the --server, or the GGUF loaded from --model. */
function candidatesFromFlags(values: Record<string, unknown>): Candidate[] {
  const names = [values['server-model'] ?? []].flat().map(String);
  const one = candidateFromFlags({ ...values, 'server-model': names[0] });
  if (one.model.kind !== 'server' || names.length < 2) return [one];
  return names.map((name) => ({ ...one, label: name, model: { ...one.model, model: name } }));
}

/** The candidate the flags describe: a server (--server) or the GGUF loaded from --model. */
function candidateFromFlags(values: Record<string, unknown>): Candidate {
  const server = values.server;
  const model = values.model;
  if ((typeof server === 'string') === (typeof model === 'string'))
    throw new TrellisError(
      'E1002',
      'Give the candidate: --server URL (an OpenAI-compatible server) or --model FILE.gguf, one of them.',
    );
  const format = values.format ?? 'tools';
  if (format !== 'tools' && format !== 'json')
    throw new TrellisError('E1002', `--format must be tools or json, not "${String(format)}".`);
  const systemPrompt = readPrompt(values['system-prompt']);
  const toolDescriptions = toolDescriptionsFrom(values['tool-description']);
  const concurrency = wholeNumber('concurrency', values.concurrency, 1);
  return {
    ...(typeof values.label === 'string' ? { label: values.label } : {}),
    model:
      typeof server === 'string'
        ? {
            kind: 'server',
            baseUrl: server,
            model: String(values['server-model'] ?? 'default'),
            concurrency: concurrency ?? 4,
          }
        : { kind: 'local', path: path.resolve(String(model)) },
    format,
    temperature: 0,
    maxTokens: wholeNumber('max-tokens', values['max-tokens'], 1) ?? 512,
    seed: seedFromFlag(values.seed),
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(toolDescriptions ? { toolDescriptions } : {}),
  };
}

/** `--tool-description get_weather="Weather now"`, repeated, as descriptions by tool name. */
function toolDescriptionsFrom(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  return Object.fromEntries(
    [value].flat().map((pair) => {
      const text = String(pair);
      const at = text.indexOf('=');
      if (at < 1)
        throw new TrellisError(
          'E1002',
          `--tool-description takes TOOL=TEXT, e.g. get_weather="Weather now", not "${text}".`,
        );
      return [text.slice(0, at), text.slice(at + 1)];
    }),
  );
}

async function print(
  backend: ReturnType<typeof openBackend>,
  view: ExperimentView & { cancelled?: boolean },
  io: VerbIO,
): Promise<number> {
  const errored = view.runs.some((r) => r.verdict === 'errored');
  const compared =
    view.definition.candidates.length > 1
      ? await backend.registry.invoke('experiments.compare', { id: view.id, a: 0, b: 1 })
      : null;
  if (io.json)
    io.out(JSON.stringify({ ok: !errored && !view.cancelled, ...view, ...(compared ? { sideBySide: compared } : {}) }));
  else {
    for (const line of experimentLines(view)) io.out(line);
    if (compared) for (const line of sideBySideLines(compared)) io.out(line);
    if (view.cancelled) io.out(`Cancelled: run trellis experiment run --resume ${view.id} to go on.`);
  }
  return errored || view.cancelled ? 1 : 0;
}

/**
 * The key in the environment variable --api-key-env names, for each server candidate's address:
 * read now, sent with this run's requests only.
 */
function apiKeysFromFlag(variable: unknown, candidates: readonly Candidate[]): Record<string, string> {
  if (variable === undefined) return {};
  const name = String(variable);
  const key = process.env[name];
  if (!key)
    throw new TrellisError(
      'E1002',
      `--api-key-env names ${name}, which is not set (or empty) in this shell.`,
      `Set it first, e.g. export ${name}=sk-…, or leave --api-key-env out for a server that needs no key.`,
    );
  const servers = candidates.flatMap((c) => (c.model.kind === 'server' ? [c.model.baseUrl] : []));
  if (!servers.length) throw new TrellisError('E1002', '--api-key-env is for a --server candidate; this run has none.');
  return Object.fromEntries(servers.map((url) => [url, key]));
}

export const experimentRunVerb: Verb = {
  name: 'experiment run',
  summary:
    'Re-run the trajectories the filter flags select with a candidate model: the recorded conversation up to\n' +
    'its first assistant turn (or --from-turn N), then the candidate as an agent to the end, its calls\n' +
    'answered from the recordings (--policy). Prints per candidate how many runs kept the same calls,\n' +
    'diverged, improved or regressed, and where each changed run diverged first. Exit 1 when a run errored.',
  usage:
    'trellis experiment run [--label L] [--finding F] [--source FILE] [--tool T] [--query Q] [--outcome O] [--meta F=V]…\n' +
    '                       (--server URL [--server-model NAME] [--concurrency N] [--api-key-env VAR]\n' +
    '                        | --model FILE.gguf [--sequences N])\n' +
    '                       [--format tools|json] [--system-prompt FILE] [--from-turn N] [--policy P]\n' +
    '                       [--dataset NAME] [--tool-description TOOL=TEXT]… [--max-turns N] [--time-limit S]\n' +
    '                       [--seed N] [--name NAME] [--resume ID] [--workspace FILE] [--json]',
  options: {
    workspace: WORKSPACE,
    ...FILTER_OPTIONS,
    dataset: {
      type: 'string',
      description: 'Re-run the items of this dataset (by name), those the filter flags select',
    },
    server: {
      type: 'string',
      description: 'The candidate: an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1',
    },
    'server-model': {
      type: 'string',
      multiple: true,
      description:
        'The model name to ask the server for (default "default"); repeated: one candidate each, side by side',
    },
    concurrency: { type: 'string', description: "Requests in flight at once: the server's slots (default 4)" },
    'api-key-env': {
      type: 'string',
      description:
        "The environment variable that holds the server's API key (read for this run, never written to the workspace)",
    },
    model: {
      type: 'string',
      description: "The candidate: a GGUF file, loaded for the run (its chat template's tool calls)",
    },
    sequences: { type: 'string', description: 'With --model: sequences decoded at once (runs in parallel)' },
    format: { type: 'string', description: 'tools (chat with tools; servers) or json (graph-constrained JSON)' },
    'system-prompt': { type: 'string', description: 'A file whose text replaces the recorded system message' },
    'from-turn': { type: 'string', description: 'Re-run from this assistant turn (default: the first)' },
    policy: {
      type: 'string',
      description: `How calls are answered: ${Object.keys(TOOL_POLICIES).join(', ')} (default replay)`,
    },
    'max-turns': { type: 'string', description: 'Assistant turns a run may take (default 12)' },
    'time-limit': { type: 'string', description: 'Seconds a run may take (default 300)' },
    'tool-description': {
      type: 'string',
      multiple: true,
      description: 'TOOL=TEXT: tell the candidate this description of the tool instead of the record’s (repeatable)',
    },
    'max-tokens': { type: 'string', description: 'Tokens an answer may take (default 512)' },
    seed: { type: 'string', description: 'Seed of the candidate (default 1)' },
    name: { type: 'string', description: 'Name of the experiment (default: the candidate and the date)' },
    resume: { type: 'string', description: 'Go on with this experiment (the runs it lacks) instead of a new one' },
  },
  async run(values, io) {
    const backend = openBackend(values);
    const jobId = `cli-experiment-${process.pid}`;
    const cancel = () => void backend.registry.invoke('jobs.cancel', { jobId });
    process.once('SIGINT', cancel);
    try {
      if (!io.json)
        backend.events.subscribe((name, payload) => {
          const p = payload as JobProgress;
          if (name === 'jobs.progress' && p.jobId === jobId) io.err(`experiment: ${p.done}/${p.total} runs`);
        });
      if (typeof values.resume === 'string') {
        const { definition } = await backend.registry.invoke('experiments.get', { id: values.resume });
        const apiKeys = apiKeysFromFlag(values['api-key-env'], definition.candidates);
        return print(
          backend,
          await backend.registry.invoke('experiments.run', { jobId, experimentId: values.resume, apiKeys }),
          io,
        );
      }
      const candidates = candidatesFromFlags(values);
      const apiKeys = apiKeysFromFlag(values['api-key-env'], candidates);
      const candidate = candidates[0]!;
      const policy = values.policy ?? 'replay';
      if (!Object.hasOwn(TOOL_POLICIES, String(policy)))
        throw new TrellisError(
          'E1002',
          `--policy must be ${Object.keys(TOOL_POLICIES).join(', ')}, not "${String(policy)}".`,
        );
      if (candidate.model.kind === 'local') {
        const sequences = wholeNumber('sequences', values.sequences, 1);
        await loadModelFlag(backend, values.model, sequences ? { sequences } : {});
      }
      const fromTurn = wholeNumber('from-turn', values['from-turn']);
      const maxTurns = wholeNumber('max-turns', values['max-turns'], 1);
      const timeLimitSeconds = wholeNumber('time-limit', values['time-limit'], 1);
      const dataset = values.dataset === undefined ? undefined : await datasetId(backend, values.dataset);
      const view = await backend.registry.invoke('experiments.run', {
        jobId,
        definition: {
          name:
            typeof values.name === 'string'
              ? values.name
              : `${candidate.model.kind === 'server' ? candidate.model.baseUrl : path.basename(String(values.model))} ${new Date().toISOString().slice(0, 16)}`,
          filter: filterFromFlags(values) ?? {},
          candidates,
          toolPolicy: policy as ToolPolicy,
          ...(fromTurn !== undefined ? { fromTurn } : {}),
          ...(maxTurns !== undefined ? { maxTurns } : {}),
          ...(timeLimitSeconds !== undefined ? { timeLimitSeconds } : {}),
          ...(dataset ? { dataset } : {}),
        },
        apiKeys,
      });
      return print(backend, view, io);
    } finally {
      process.removeListener('SIGINT', cancel);
      backend.close();
    }
  },
};

export const experimentShowVerb: Verb = {
  name: 'experiment show',
  summary:
    'Show an experiment: the table per candidate and the runs that changed (exit 1 when a run errored); without an id, list them.',
  usage: 'trellis experiment show [ID] [--workspace FILE] [--json]',
  positional: 'id',
  options: {
    id: { type: 'string', description: 'The experiment (or give it as the first argument)' },
    workspace: WORKSPACE,
  },
  async run(values, io) {
    const backend = openBackend(values);
    try {
      if (typeof values.id !== 'string') {
        const list = await backend.registry.invoke('experiments.list', {});
        if (io.json) io.out(JSON.stringify({ ok: true, experiments: list }));
        else if (!list.length)
          io.out('No experiments yet: run one with trellis experiment run --server URL (or --model FILE.gguf).');
        else
          for (const e of list)
            io.out(
              `${e.id}  ${e.name}  ${e.done}/${e.sources * e.candidates} runs${e.errored ? `, ${e.errored} errored` : ''}  ${e.createdAt}`,
            );
        return 0;
      }
      return print(backend, await backend.registry.invoke('experiments.get', { id: values.id }), io);
    } finally {
      backend.close();
    }
  },
};

export const EXPERIMENT_VERBS = [experimentRunVerb, experimentShowVerb];
