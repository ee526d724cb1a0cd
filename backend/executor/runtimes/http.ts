import type { Tool } from '../../../shared/domain';
import { isObject } from '../../../shared/json';
import type { RuntimeOf } from '../../../shared/runtimes';
import { printableLine } from '../../../shared/text';
import { httpConsent } from '../../config/consent-request';
import { readLimitedText } from '../result-limits';
import type { Observation, RuntimeCall, RuntimeDeps } from './types';

type HttpRuntime = RuntimeOf<'http'>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * Calls an HTTP endpoint: `{name}` in the URL filled from that argument, the rest in the query
 * (GET) or a JSON body. Only http and https, only after the user allowed this endpoint as it is
 * called, and a redirect is followed only within the same origin: the arguments and headers
 * never go to a host the user did not approve.
 */
async function callHttp(tool: Tool, runtime: HttpRuntime, args: unknown, deps: RuntimeDeps): Promise<Observation> {
  const rest: Record<string, unknown> = isObject(args) ? { ...args } : {};
  const filled = runtime.url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return {
      ok: false,
      error: `${tool.name}'s URL "${printableLine(filled)}" is not a URL; fix it in the tool inspector.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      ok: false,
      error:
        `${tool.name}'s URL "${printableLine(filled)}" is not http or https; Trellis calls only http:// and ` +
        'https:// endpoints. Fix the URL in the tool inspector.',
    };
  const consent = httpConsent(tool.name, runtime, url);
  if (!deps.allowed('http', consent.key)) return { ok: false, error: `Not approved yet: ${consent.message}`, consent };
  let method = runtime.method.toUpperCase();
  if (method === 'GET') for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
  let body: string | undefined = method === 'GET' ? undefined : JSON.stringify(rest);
  const signal = AbortSignal.timeout(15_000);
  const origin = url.origin;
  for (let redirects = 0; ; redirects++) {
    const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...runtime.headers };
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
