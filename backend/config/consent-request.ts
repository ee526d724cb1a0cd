import { createHash } from 'node:crypto';
import type { ToolRuntime } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { joinCommandLine } from '../../shared/runtimes';
import { allowFlag, type ConsentRequest } from '../../shared/runs';
import { printableLine } from '../../shared/text';

type McpRuntime = Extract<NonNullable<ToolRuntime>, { kind: 'mcp' }>;
type HttpRuntime = Extract<NonNullable<ToolRuntime>, { kind: 'http' }>;

/** 64 bits of SHA-256 over everything a consent covers: a workspace cannot make another runtime match it. */
const fingerprint = (whole: unknown) => createHash('sha256').update(JSON.stringify(whole)).digest('hex').slice(0, 16);

/**
 * A consent key: the readable part alone when it says everything (and has nothing to escape),
 * else the readable part made printable and ` #<fingerprint>` of the whole. The two forms cannot
 * meet: a readable key never ends in an unquoted word starting with `#` (see each caller).
 */
const keyOf = (readable: string, whole: unknown, saysAll: boolean): string =>
  saysAll && printableLine(readable) === readable ? readable : `${printableLine(readable)} #${fingerprint(whole)}`;

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Starting an MCP server exactly as it is started: command, arguments, environment and folder. */
export function mcpConsent(runtime: McpRuntime): ConsentRequest {
  const { command, args, env, cwd } = runtime.server;
  // joinCommandLine quotes a word with a space or a leading `#`: a bare line never ends in ` #…`.
  const line = joinCommandLine([command, ...args]);
  const variables = Object.entries(env ?? {}).sort(byName);
  const key = keyOf(line, { command, args, env: variables, cwd: cwd ?? null }, !variables.length && cwd === undefined);
  const shown = printableLine(line);
  const extras = [
    ...(variables.length ? [`with ${plural(variables.length, 'environment variable')} set`] : []),
    ...(cwd !== undefined ? [`in ${printableLine(cwd)}`] : []),
  ];
  return {
    kind: 'mcp',
    key,
    message: `Start the MCP server "${shown}"${extras.length ? ` (${extras.join(', ')})` : ''} to call ${printableLine(runtime.tool)}?`,
    details: [
      { label: 'Command', value: shown },
      ...variables.map(([name, value]) => ({ label: 'Environment', value: printableLine(`${name}=${value}`) })),
      ...(cwd !== undefined ? [{ label: 'Folder', value: printableLine(cwd) }] : []),
    ],
  };
}

/**
 * Calling an HTTP endpoint as it is called: method, URL (as written, with its `{argument}`
 * places), the origin it resolved to for this call, the headers sent, and which of this
 * machine's secrets go with it and where (a workspace naming a secret cannot send it elsewhere
 * unasked).
 */
export function httpConsent(toolName: string, runtime: HttpRuntime, url: URL): ConsentRequest {
  const method = runtime.method.toUpperCase();
  const headers = Object.entries(runtime.headers ?? {}).sort(byName);
  let written: string | null = null;
  try {
    written = new URL(runtime.url).origin;
  } catch {
    // An argument fills the host: the origin of this call goes into the fingerprint.
  }
  // A bare `METHOD URL` has one space; a fingerprinted key at least two.
  const auth = (runtime.auth ?? []).map(({ secret, in: place, name, scheme }) => ({ secret, place, name, scheme }));
  const saysAll =
    !headers.length && !auth.length && written === url.origin && /^[A-Z]+$/.test(method) && !/\s/.test(runtime.url);
  const key = keyOf(
    `${method} ${runtime.url}`,
    { method, url: runtime.url, origin: url.origin, headers, ...(auth.length ? { auth } : {}) },
    saysAll,
  );
  const secrets = auth.map((a) => `the secret ${printableLine(a.secret)} in the ${a.place} ${printableLine(a.name)}`);
  const origin = printableLine(url.origin);
  const names = headers.map(([name]) => printableLine(name));
  return {
    kind: 'http',
    key,
    message:
      `Allow ${toolName} to call ${origin} (${printableLine(method)} ${printableLine(runtime.url)}` +
      `${names.length ? `, with the headers ${names.join(', ')}` : ''}` +
      `${secrets.length ? `, sending ${secrets.join(' and ')}` : ''})?`,
    details: [
      { label: 'Method', value: printableLine(method) },
      { label: 'URL', value: printableLine(runtime.url) },
      { label: 'Host', value: origin },
      ...headers.map(([name, value]) => ({ label: 'Header', value: printableLine(`${name}: ${value}`) })),
      ...secrets.map((value) => ({ label: 'Secret', value })),
    ],
  };
}

/** Sending prompts (and tool arguments, trajectories) to a model server. */
export function modelServerConsent(server: { baseUrl: string; model: string }): ConsentRequest {
  const shown = printableLine(server.baseUrl);
  return {
    kind: 'model',
    key: keyOf(server.baseUrl, server.baseUrl, !/\s/.test(server.baseUrl)),
    message: `Send prompts to the model server ${shown}? This workspace names it, and it is not approved on this machine.`,
    details: [
      { label: 'Server', value: shown },
      { label: 'Model', value: printableLine(server.model) },
    ],
  };
}

/**
 * A model server named in the workspace's settings that the user has not approved on this
 * machine; carries the consent request, so a run can stop and ask as it does for a host.
 */
export class ModelServerNotApproved extends TrellisError {
  readonly consent: ConsentRequest;

  constructor(server: { baseUrl: string; model: string }) {
    const consent = modelServerConsent(server);
    super(
      'E5006',
      `This workspace names the model server ${consent.details[0]!.value}, which is not approved on this machine; ` +
        'nothing was sent to it.',
      `If you trust it, approve it: press "Use this server" in Models, or pass ${allowFlag(consent)} to trellis ` +
        'run, synth or plan. Or choose "Use the local model" in Models.',
    );
    this.consent = consent;
  }
}
