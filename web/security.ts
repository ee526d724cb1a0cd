import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The cookie that carries the access token. Browsers keep one cookie jar per host name whatever
 * the port, so two hosts on one machine each name theirs by port: reloading one never replaces the
 * other's token.
 */
export const tokenCookieName = (port: number): string => `trellis_token_${port}`;

export const newAccessToken = (): string => randomBytes(24).toString('hex');

/** The token from `?token=` or the cookie this host (listening on `port`) set on first visit. */
export function requestToken(request: IncomingMessage, port: number): string | null {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const cookies = request.headers.cookie ?? '';
  const cookieName = tokenCookieName(port);
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName) return value.join('=');
  }
  return null;
}

export function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

/**
 * A WebSocket may come only from a page this host served: its Origin must be the address the
 * browser used to reach us (the Host header). On a loopback or named listen address, the Host
 * must also be that address, which shuts out DNS-rebinding pages; the token guards the rest.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  hostHeader: string | undefined,
  listenHost: string,
): boolean {
  if (!origin || !hostHeader || origin !== `http://${hostHeader}`) return false;
  if (WILDCARD_HOSTS.has(listenHost)) return true;
  const hostname = new URL(origin).hostname;
  const listening = listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
  return hostname === listening || (LOOPBACK_NAMES.has(listening) && LOOPBACK_NAMES.has(hostname));
}
