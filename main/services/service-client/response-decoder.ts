import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { ExchangeFailure, ExchangeResponse } from './http-exchange.js';
import { cleanServiceText, redactSecret } from './redact.js';
import { parseRetryAfterMs } from './retry-policy.js';
import { ServiceError } from './service-error.js';
import { envelopeSchema, errorBodySchema } from './wire-schemas.js';

const REQUEST_ID_HEADER = 'x-service-app-request-id';
const MAX_MESSAGE_LENGTH = 500;
const MAX_REQUEST_ID_LENGTH = 128;

export interface DecodeContext {
  /** Names the resource in messages, e.g. "task". */
  resource: string;
  token: string | undefined;
  now: number;
}

export interface Decoded<Data> {
  data: Data;
  requestId: string | undefined;
}

/** The request id, if the header holds something sensible (bounded, printable). */
function requestIdOf(headers: IncomingHttpHeaders | undefined): string | undefined {
  const raw = headers?.[REQUEST_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return undefined;
  const cleaned = cleanServiceText(value.slice(0, MAX_REQUEST_ID_LENGTH), MAX_REQUEST_ID_LENGTH);
  return cleaned === '' ? undefined : cleaned;
}

/** Turns a complete HTTP answer into the parsed resource, or the one ServiceError that explains it. */
export function decodeResponse<Schema extends z.ZodType>(
  response: ExchangeResponse,
  schema: Schema,
  context: DecodeContext,
): Decoded<z.output<Schema>> {
  const requestId = requestIdOf(response.headers);
  const parsed = parseJson(response.body);
  const text = (value: string): string =>
    cleanServiceText(redactSecret(value, context.token), MAX_MESSAGE_LENGTH);

  if (response.status < 200 || response.status >= 300) {
    throw httpError(response.status, response.headers, parsed, requestId, context, text);
  }
  if (parsed.kind !== 'json') {
    throw invalidResponse(
      `The service answered ${response.status} with ${describeNonJson(parsed, response.headers)} instead of the ${context.resource} (JSON).`,
      requestId,
    );
  }

  const envelope = envelopeSchema.safeParse(parsed.value);
  if (envelope.success) {
    // Some gateways answer 200 with an error envelope; honour the envelope's own status.
    const envelopeStatus = Number(envelope.data.status);
    if (Number.isInteger(envelopeStatus) && envelopeStatus >= 400 && envelope.data.data === undefined) {
      throw httpError(envelopeStatus, response.headers, parsed, requestId, context, text);
    }
  }
  const payload = envelope.success && envelope.data.data !== undefined ? envelope.data.data : parsed.value;
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'its data';
    throw invalidResponse(
      `The service's ${context.resource} response is not usable: ${where} ${issue?.message ?? 'is invalid'}.`,
      requestId,
    );
  }
  return { data: result.data, requestId };
}

type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'malformed'; text: string }
  | { kind: 'too-deep' };

/**
 * Deepest JSON nesting accepted. The contract's resources nest 4 levels; a response nested hundreds deep would
 * later overflow recursive code (JSON.stringify when the job file is written), so it is refused up front.
 */
const MAX_JSON_DEPTH = 64;

function parseJson(body: Buffer): ParsedBody {
  const text = body.toString('utf8');
  if (text.trim() === '') return { kind: 'empty' };
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return { kind: 'too-deep' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'malformed', text };
  }
}

/** Scans brackets outside strings; linear, no recursion, stops at the first level past the limit. */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

function describeNonJson(parsed: ParsedBody, headers: IncomingHttpHeaders): string {
  if (parsed.kind === 'empty') return 'an empty body';
  if (parsed.kind === 'too-deep') return `JSON nested more than ${MAX_JSON_DEPTH} levels deep`;
  const type = headers['content-type']?.split(';')[0]?.trim();
  if (type && !/json/i.test(type)) return `"${cleanServiceText(type, 60)}" content`;
  return 'malformed or truncated JSON';
}

const STATUS_WORDS: Record<number, string> = {
  400: 'rejected the request',
  401: 'did not accept the token (sign in again)',
  403: 'refused the request',
  404: 'does not know this resource',
  409: 'reported a conflict',
  413: 'found the upload too large',
  429: 'is rate limiting requests',
  500: 'had an internal error',
  502: 'is unreachable behind its gateway',
  503: 'is unavailable',
  504: 'timed out behind its gateway',
};

function httpError(
  status: number,
  headers: IncomingHttpHeaders,
  parsed: ParsedBody,
  requestId: string | undefined,
  context: DecodeContext,
  text: (value: string) => string,
): ServiceError {
  const body = parsed.kind === 'json' ? errorBodySchema.safeParse(parsed.value) : undefined;
  const fields = body?.success ? body.data : undefined;
  const nested = typeof fields?.error === 'object' ? fields.error : undefined;
  const rawCode = fields?.code ?? nested?.code;
  const code =
    rawCode === undefined ? `HTTP_${status}` : text(String(rawCode)).slice(0, 80) || `HTTP_${status}`;
  const serviceMessage =
    fields?.message ?? nested?.message ?? (typeof fields?.error === 'string' ? fields.error : undefined);
  const fallback = `The service ${STATUS_WORDS[status] ?? `answered HTTP ${status}`}.`;
  const message =
    serviceMessage !== undefined && serviceMessage.trim() !== '' ? text(serviceMessage) : fallback;
  // Node keeps the first Retry-After and drops repeats, so it is one string (the type says so too).
  const retryAfterMs = parseRetryAfterMs(headers['retry-after'], context.now);
  const retryable = status === 429 || status === 502 || status === 503 || status === 504;
  return new ServiceError({
    kind: 'http',
    code,
    message,
    httpStatus: status,
    ...(requestId === undefined ? {} : { requestId }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    retryable,
    requestSent: true,
  });
}

function invalidResponse(
  message: string,
  requestId: string | undefined,
  code = 'INVALID_RESPONSE',
): ServiceError {
  return new ServiceError({
    kind: 'invalid-response',
    code,
    message,
    ...(requestId === undefined ? {} : { requestId }),
    retryable: false,
    requestSent: true,
  });
}

/** Converts a failed attempt into a ServiceError (keeping the request id when a response had started). */
export function failureToServiceError(
  failure: ExchangeFailure,
  context: DecodeContext,
  timeoutMs: number,
): ServiceError {
  const requestId = requestIdOf(failure.responseHeaders);
  const withId = requestId === undefined ? {} : { requestId };
  switch (failure.reason) {
    case 'aborted':
      return new ServiceError({
        kind: 'aborted',
        code: 'ABORTED',
        message: `The ${context.resource} request was cancelled.`,
        retryable: false,
        requestSent: failure.requestSent,
        ...withId,
      });
    case 'timeout':
      return new ServiceError({
        kind: 'timeout',
        code: 'TIMEOUT',
        message: `The service did not answer the ${context.resource} request within ${Math.round(timeoutMs / 1000)} s.`,
        retryable: true,
        requestSent: failure.requestSent,
        ...withId,
      });
    case 'too-large':
      return invalidResponse(
        `The service's ${context.resource} response is larger than the client accepts (${failure.message}).`,
        requestId,
        'RESPONSE_TOO_LARGE',
      );
    case 'truncated':
      return new ServiceError({
        kind: 'network',
        code: 'RESPONSE_TRUNCATED',
        message: `The connection closed before the ${context.resource} response was complete.`,
        retryable: true,
        requestSent: true,
        ...withId,
      });
    case 'body-unreadable':
      // Refused locally, as a file that cannot be sent is (so never retried: it would fail the same way). The body
      // stopped short of its Content-Length, so the service cannot have taken the request as complete.
      return new ServiceError({
        kind: 'validation',
        code: 'UPLOAD_FILE_UNREADABLE',
        message: failure.message,
        retryable: false,
        requestSent: failure.requestSent,
      });
    case 'network':
      return new ServiceError({
        kind: 'network',
        code: failure.requestSent ? 'NETWORK_ERROR' : 'NETWORK_UNREACHABLE',
        message: `The service could not be reached: ${failure.message}${failure.systemCode ? ` (${failure.systemCode})` : ''}.`,
        retryable: true,
        requestSent: failure.requestSent,
        ...(failure.systemCode === undefined ? {} : { systemCode: failure.systemCode }),
      });
  }
}
