import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the Python LangGraph agent did: each run's messages as LangChain gave them, or its error. */
export interface LangGraphRecord {
  system: string;
  runs: {
    thread_id: string;
    error?: string;
    messages?: {
      type: 'system' | 'human' | 'ai' | 'tool';
      content: string;
      tool_calls?: { id: string; name: string; args: Record<string, unknown> }[];
      model?: string;
      usage?: { prompt: number; completion: number };
      tool_call_id?: string;
      status?: string;
    }[];
  }[];
}

const VENV = path.join(os.tmpdir(), 'trellis-py-langsmith');
const PYTHON = path.join(VENV, 'bin', 'python');
const PACKAGES = [
  'langgraph',
  'langchain-openai',
  'langsmith',
  'openai',
  'opentelemetry-sdk',
  'opentelemetry-exporter-otlp-proto-http',
];
const IMPORTS =
  'import langgraph.prebuilt, langchain_openai, langsmith, opentelemetry.sdk.trace, opentelemetry.exporter.otlp.proto.http.trace_exporter';
const SCRIPT = path.join(__dirname, '..', 'python', 'langgraph_agent.py');

const imports = () => spawnSync(PYTHON, ['-c', IMPORTS], { encoding: 'utf8', timeout: 120_000 }).status === 0;

/**
 * A Python with LangGraph, LangChain's OpenAI model and LangSmith's OpenTelemetry export: the
 * venv in the temp folder when it has them (made once, kept between runs), else made and filled
 * by pip from the configured index. Null with the reason when pip cannot.
 */
export function langGraphPython(): { python: string } | { skip: string } {
  if (fs.existsSync(PYTHON) && imports()) return { python: PYTHON };
  const steps = [
    ['python3', ['-m', 'venv', VENV]],
    // No retries against an index that cannot be reached: a machine without the packages skips in seconds, not minutes.
    [PYTHON, ['-m', 'pip', 'install', '--quiet', '--retries', '0', '--timeout', '10', ...PACKAGES]],
  ] as const;
  for (const [command, args] of steps) {
    const made = spawnSync(command, args, { encoding: 'utf8', timeout: 600_000 });
    if (made.status !== 0) {
      const why = (made.stderr || made.error?.message || '').trim().split('\n').slice(-2).join(' ');
      return { skip: `\`${command} ${args.join(' ')}\` failed: ${why}` };
    }
  }
  return imports() ? { python: PYTHON } : { skip: `the packages installed in ${VENV} do not import (${IMPORTS})` };
}

/**
 * Runs test/python/langgraph_agent.py: two runs on `threadId` and one on `failingThreadId` that
 * fails, traced by LangSmith with OpenTelemetry only, exporting to `tracesEndpoint`.
 */
export async function runLangGraphAgent(options: {
  python: string;
  modelBaseUrl: string;
  tracesEndpoint: string;
  token: string;
  threadId: string;
  failingThreadId: string;
}): Promise<LangGraphRecord> {
  // Not spawnSync: the scripted model server answers from this process's event loop.
  const child = spawn(options.python, [SCRIPT, options.modelBaseUrl, options.threadId, options.failingThreadId], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LANGSMITH_TRACING: 'true',
      LANGSMITH_OTEL_ENABLED: 'true',
      LANGSMITH_OTEL_ONLY: 'true',
      LANGSMITH_API_KEY: 'not-a-key',
      OTEL_EXPORTER_OTLP_ENDPOINT: options.tracesEndpoint,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${options.token}`,
      OTEL_SERVICE_NAME: 'langgraph-travel-agent',
    },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the LangGraph agent failed (${code}): ${err}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as LangGraphRecord;
}
