import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'trellis_token';

/** Same policy as the Electron shell: only our own scripts, styles and WebSocket. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export const newAccessToken = (): string => randomBytes(24).toString('hex');

/** The token from `?token=` or the cookie set on first visit. */
export function requestToken(request: IncomingMessage): string | null {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return null;
}

export function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Origins allowed to open the WebSocket: the page this host serves, and nothing else. */
export function allowedOrigins(host: string, port: number): Set<string> {
  const names = new Set([host, '127.0.0.1', 'localhost', '[::1]']);
  if (host === '0.0.0.0' || host === '::') names.delete(host);
  return new Set([...names].map((name) => `http://${name}:${port}`));
}
