import type { Tool } from '../../../shared/domain';
import type { HttpAuth, RuntimeOf } from '../../../shared/runtimes';
import { printableLine } from '../../../shared/text';
import { httpConsent } from '../../config/consent-request';
import { readLimitedText } from '../result-limits';
import { credentialValue, encodeBody, httpRequestParts } from '../http-request';
import type { Observation, RuntimeCall, RuntimeDeps } from './types';

type HttpRuntime = RuntimeOf<'http'>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** Says which secret a call needs and how to set it, in words. */
function missingSecret(tool: Tool, auth: HttpAuth): string {
  const what =
    auth.scheme === 'basic'
      ? 'a user name and password, as user:password'
      : auth.scheme === 'bearer'
        ? 'a bearer token'
        : `an API key, sent in the ${auth.in} ${auth.name}`;
  return (
    `${tool.name} needs the secret "${auth.secret}" (${what}), which is not set on this machine. ` +
    `Set it once: trellis graph secret ${auth.secret} (reads the value from standard input), or under Secrets in ` +
    "the tool's HTTP runtime. It is kept in your own config folder, not in the workspace."
  );
}

/**
 * Calls an HTTP endpoint: each argument placed where the runtime says (`{name}` in the URL, the
 * query, headers, cookies, the body), and its credentials added from this machine's secrets.
 * Only http and https, only after the user allowed this endpoint as it is called (where its
 * secrets go included), and a redirect is followed only within the same origin: the arguments,
 * headers and secrets never go to a host the user did not approve.
 */
async function callHttp(tool: Tool, runtime: HttpRuntime, args: unknown, deps: RuntimeDeps): Promise<Observation> {
  const parts = httpRequestParts(runtime, args);
  let url: URL;
  try {
    url = new URL(parts.url);
  } catch {
    return {
      ok: false,
      error: `${tool.name}'s URL "${printableLine(parts.url)}" is not a URL; fix it in the tool inspector.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      ok: false,
      error:
        `${tool.name}'s URL "${printableLine(parts.url)}" is not http or https; Trellis calls only http:// and ` +
        'https:// endpoints. Fix the URL in the tool inspector.',
    };
  const consent = httpConsent(tool.name, runtime, url);
  if (!deps.allowed('http', consent.key)) return { ok: false, error: `Not approved yet: ${consent.message}`, consent };
  for (const [name, value] of parts.query) url.searchParams.append(name, value);
  const sent: Record<string, string> = { ...parts.headers };
  const cookies = [...parts.cookies];
  for (const auth of runtime.auth ?? []) {
    const secret = deps.secret?.(auth.secret);
    if (!secret) return { ok: false, error: missingSecret(tool, auth) };
    const value = credentialValue(auth, secret);
    if (auth.in === 'header') sent[auth.name] = value;
    else if (auth.in === 'query') url.searchParams.set(auth.name, value);
    else cookies.push([auth.name, value]);
  }
  if (cookies.length) sent.cookie = cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  let method = runtime.method.toUpperCase();
  const encoded = parts.body ? encodeBody(parts.body) : undefined;
  let body = encoded?.body;
  const signal = AbortSignal.timeout(15_000);
  const origin = url.origin;
  for (let redirects = 0; ; redirects++) {
    const headers = {
      ...(body === undefined || !encoded?.type ? {} : { 'content-type': encoded.type }),
      ...runtime.headers,
      ...sent,
    };
    const response = await fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
      signal,
    });
    const location = response.headers.get('location');
    if (REDIRECTS.has(response.status) && location !== null) {
      await response.body?.cancel();
      const target = new URL(location, url);
      if (target.origin !== origin)
        return {
          ok: false,
          error:
            `${origin} answered ${response.status}, redirecting ${tool.name} to ${printableLine(target.href)}, another ` +
            'host: Trellis did not follow it, so the arguments and headers went nowhere else. If that address is ' +
            "right, put it in the tool's URL (Trellis then asks about it).",
        };
      if (redirects === MAX_REDIRECTS)
        return {
          ok: false,
          error: `${origin} redirected ${tool.name} more than ${MAX_REDIRECTS} times; not followed.`,
        };
      // As fetch does: 303, and 301/302 after a POST, go on as a GET without the body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
      }
      url = target;
      continue;
    }
    const text = await readLimitedText(response, url.origin);
    let result: unknown = text;
    try {
      result = JSON.parse(text);
    } catch {
      // Plain text stays text.
    }
    return response.ok ? { ok: true, result } : { ok: false, error: `HTTP ${response.status}: ${text.slice(0, 200)}` };
  }
}

export const httpCall: RuntimeCall<'http'> = {
  call: callHttp,
  result: { what: 'the HTTP answer', fix: 'Ask the endpoint for less (a page, a filter), or choose another runtime.' },
};
