import { TrellisError } from '../../shared/errors';

const CHECK_TIMEOUT_MS = 5_000;
const NOTHING_CHANGED = 'Start the server or correct the address, then try again; the model in use did not change.';

/** Words for the network errors people meet when a server is not there. */
function why(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'nothing is listening at that address and port (connection refused)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name is unknown';
    case 'ECONNRESET':
      return 'the connection was closed before it answered';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host cannot be reached from this machine';
    default:
      return cause?.message ?? (error as Error).message;
  }
}

/**
 * Asks an OpenAI-compatible server for its models (`GET {baseUrl}/models`) within a few
 * seconds, before Trellis relies on it. Throws what failed when it is not there, refuses the
 * key, or answers with an error; returns the model ids it lists (null for a server that does
 * not list them).
 */
export async function checkRemoteServer(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs = CHECK_TIMEOUT_MS,
  /** What to do about it, said where the server is not there or answers with an error. */
  hint = NOTHING_CHANGED,
): Promise<{ models: string[] | null }> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // fetch never connects to the ports browsers block (6000, 6667, 9, …): starting the server will not help.
    if ((error as { cause?: { message?: string } }).cause?.message === 'bad port') {
      const port = new URL(url).port;
      throw new TrellisError(
        'E5004',
        `Cannot reach the server at ${baseUrl}: port ${port} is one that Trellis (like a browser) never connects to.`,
        'Run the server on another port (8080, say) and change the address to match; nothing was sent.',
      );
    }
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new TrellisError(
      'E5004',
      timedOut
        ? `The server at ${baseUrl} did not answer within ${timeoutMs / 1000} s.`
        : `Cannot reach the server at ${baseUrl}: ${why(error)}.`,
      hint,
    );
  }
  if (response.status === 401 || response.status === 403)
    throw new TrellisError(
      'E5004',
      `The server at ${baseUrl} refused the request (${response.status}): it needs a valid API key.`,
      'Enter the key the server expects, then try again; the model in use did not change.',
    );
  // A server without a model list still answered: it is there.
  if (response.status === 404 || response.status === 405) return { models: null };
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 200);
    throw new TrellisError(
      'E5004',
      `The server at ${baseUrl} answered ${response.status}${text ? `: ${text}` : ''}.`,
      hint,
    );
  }
  try {
    const body = (await response.json()) as { data?: { id?: unknown }[] };
    const ids = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
    return { models: Array.isArray(body.data) ? ids : null };
  } catch {
    return { models: null };
  }
}
