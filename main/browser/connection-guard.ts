import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface ConnectionGuardOptions {
  /** The origin the page is served from, e.g. http://127.0.0.1:5123. */
  origin: string;
  /** The per-launch secret the page URL carries. */
  secret: string;
}

export type ConnectionVerdict = { allowed: true } | { allowed: false; status: number; reason: string };

/**
 * Decides whether a WebSocket upgrade may drive the app. Only our own page can: the Origin must be ours (so no
 * other site open in the browser can connect), the Host must be ours (so a DNS-rebinding name cannot reach us),
 * and the per-launch secret must match (so no other local process or page that guessed the port can).
 */
export function checkConnection(
  request: IncomingMessage,
  options: ConnectionGuardOptions,
): ConnectionVerdict {
  const expected = new URL(options.origin);
  if (request.headers.host !== expected.host) {
    return { allowed: false, status: 421, reason: 'unexpected Host header' };
  }
  if (request.headers.origin !== expected.origin) {
    return { allowed: false, status: 403, reason: 'foreign or missing Origin' };
  }
  const url = new URL(request.url ?? '/', expected.origin);
  if (url.pathname !== '/ipc') {
    return { allowed: false, status: 404, reason: 'unknown path' };
  }
  if (!secretsMatch(url.searchParams.get('secret') ?? '', options.secret)) {
    return { allowed: false, status: 401, reason: 'missing or wrong secret' };
  }
  return { allowed: true };
}

/** Host check for plain HTTP requests too: a rebinding page must not even read the app's files. */
export function isExpectedHost(request: IncomingMessage, origin: string): boolean {
  return request.headers.host === new URL(origin).host;
}

function secretsMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
