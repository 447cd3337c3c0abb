import type { TaskRequestBody } from '../../../common/rules/index.js';
import { stripToTypeKeys } from '../../../common/rules/index.js';
import type { ServiceClientOptions } from './service-client.js';
import { ServiceError } from './service-error.js';

/**
 * What a request is made of, checked before anything is sent: the token, the URL and ids, the task body. Each
 * refusal is a `validation` ServiceError with `requestSent: false`.
 */

/** Printable ASCII without spaces: anything else cannot be sent in a header (and would fail on every retry). */
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

/** The token a call is sent with, or why nothing is sent: none saved (or unreadable), or one that cannot be sent. */
export async function readToken(
  getToken: ServiceClientOptions['getToken'],
  given: string | undefined,
): Promise<string> {
  let token: string | undefined;
  try {
    token = given ?? (await getToken());
  } catch {
    // A keychain that cannot be read is the same, for this call, as no token: nothing is sent. The reason
    // itself is reported where the keychain is (Settings), not in every job.
    token = undefined;
  }
  if (token === undefined || token === '') {
    throw new ServiceError({
      kind: 'validation',
      code: 'NOT_SIGNED_IN',
      message: 'Not signed in to this service, so nothing was sent: add its token in Settings, then retry.',
      retryable: false,
      requestSent: false,
    });
  }
  if (!TOKEN_SHAPE.test(token)) {
    throw new ServiceError({
      kind: 'validation',
      code: 'TOKEN_MALFORMED',
      message:
        'The saved token contains spaces or characters that cannot be sent; paste it again in Settings.',
      retryable: false,
      requestSent: false,
    });
  }
  return token;
}

/** Strips each block to its type's keys and drops undefined top-level fields. */
export function prepareTaskBody(body: TaskRequestBody): Record<string, unknown> {
  const source: Readonly<Record<string, unknown>> = { ...body };
  const prepared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    prepared[key] =
      key === 'contents' && Array.isArray(value)
        ? value.map((block: unknown) =>
            typeof block === 'object' && block !== null && !Array.isArray(block)
              ? stripToTypeKeys(block)
              : block,
          )
        : value;
  }
  return prepared;
}

/** The URL of a path under the service address, which must be http(s). */
export function buildUrl(baseUrl: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new ServiceError({
      kind: 'validation',
      code: 'BASE_URL_INVALID',
      message: 'The service address is not a valid URL.',
      retryable: false,
      requestSent: false,
    });
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ServiceError({
      kind: 'validation',
      code: 'BASE_URL_INVALID',
      message: 'The service address must start with http:// or https://.',
      retryable: false,
      requestSent: false,
    });
  }
  return new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base.origin);
}

/** A task or voice id as a path segment; an empty or oversized one is refused before sending. */
export function encodeId(id: string, resource: string): string {
  if (typeof id !== 'string' || id.trim() === '' || id.length > 200) {
    throw new ServiceError({
      kind: 'validation',
      code: 'ID_INVALID',
      message: `The ${resource} id must be a non-empty string.`,
      retryable: false,
      requestSent: false,
    });
  }
  return encodeURIComponent(id);
}
