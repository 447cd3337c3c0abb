import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the page trades its secret for the media cookie. */
export const SESSION_PATH = '/session';

/**
 * The browser shell's media authorisation. `/media/<id>` is fetched by <audio> elements and howler, which cannot
 * add a header or the secret to their requests; so the page, which holds the per-launch secret, first POSTs it to
 * `/session` (in a header, which no other site can send without a CORS preflight we never grant) and receives an
 * HttpOnly, SameSite=Strict cookie scoped to /media. Media requests without that cookie are refused. The cookie
 * name carries the port, since cookies are shared between ports of one host.
 */
export class MediaSession {
  private readonly value = randomBytes(24).toString('base64url');

  handle(request: IncomingMessage, response: ServerResponse, origin: string, secret: string): void {
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const given = request.headers['x-timbre-secret'];
    if (request.headers.origin !== origin || typeof given !== 'string' || !sameSecret(given, secret)) {
      response
        .writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Wrong or missing secret.');
      return;
    }
    response
      .writeHead(204, {
        'Set-Cookie': `${cookieName(origin)}=${this.value}; HttpOnly; SameSite=Strict; Path=/media`,
        'Cache-Control': 'no-store',
      })
      .end();
  }

  allows(request: IncomingMessage, origin: string): boolean {
    const name = cookieName(origin);
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name && sameSecret(rest.join('='), this.value)) return true;
    }
    return false;
  }
}

function cookieName(origin: string): string {
  return `timbre-media-${new URL(origin).port || '80'}`;
}

/** Compares a secret in constant time (a length mismatch answers at once: lengths are not the secret). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
