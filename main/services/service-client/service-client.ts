import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { z } from 'zod';
import type { TaskRequestBody } from '../../../common/rules/index.js';
import { validateTaskRequest } from '../../../common/rules/index.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { ExchangeFailure, exchange } from './http-exchange.js';
import type { RequestBody } from './request-body.js';
import { jsonBody } from './request-body.js';
import { decodeResponse, failureToServiceError } from './response-decoder.js';
import { RateGate } from './rate-gate.js';
import type { RecentRequests } from './recent-requests.js';
import type { RequestKind, RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfterMs, retryDelayMs } from './retry-policy.js';
import { ServiceError, validationError } from './service-error.js';
import { buildUrl, encodeId, prepareTaskBody, readToken } from './request-inputs.js';
import type { CreateVoiceInput, VoiceEncoding } from './voice-upload.js';
import { buildVoiceBody } from './voice-upload.js';
import type { TaskData, VoiceData } from './wire-schemas.js';
import { taskDataSchema, voiceDataSchema } from './wire-schemas.js';

/** Default per-attempt timeout (no progress for this long fails the attempt). */
const DEFAULT_TIMEOUT_MS = 30_000;
/** `sync: true` makes the service wait up to 90 s for `processing`; leave room for the answer to arrive. */
const DEFAULT_SYNC_TIMEOUT_MS = 120_000;
/**
 * Largest response accepted. A task of several hundred blocks with URLs and voice summaries stays far below
 * 1 MB; anything past 8 MiB is a misbehaving server or proxy and is cut off instead of filling memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface ServiceClientOptions {
  baseUrl: string;
  /** Read when each call starts (e.g. from the keychain), so a token is never kept longer than a call. */
  getToken: () => string | undefined | Promise<string | undefined>;
  clock?: Clock;
  /** Source of randomness for jitter, in [0, 1). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  syncTimeoutMs?: number;
  maxResponseBytes?: number;
  userAgent?: string;
  /** Told about every HTTP attempt (retries included): counting, tracing. Never given the token. */
  onAttempt?: (attempt: AttemptInfo) => void;
  /** Told about every answer or failure of an attempt, with its HTTP status (0 when none came back). */
  onAnswer?: (answer: AnswerInfo) => void;
  /** Paces every request of this service (rate-gate.ts); a fresh gate per client when not given. */
  rateGate?: RateGate;
  /** Keeps every answer's status and request id for a problem report (recent-requests.ts). */
  recentRequests?: RecentRequests;
}

export interface AttemptInfo {
  method: 'GET' | 'POST';
  path: string;
  attempt: number;
}

export interface AnswerInfo extends AttemptInfo {
  status: number;
  /** The wait a 429 or 503 asked for, counted from `receivedAt`. */
  retryAfterMs?: number | undefined;
  /** When the answer's status and headers arrived (the client's clock), if any did. */
  receivedAt?: number | undefined;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the retry budget for this call (0: a single attempt; the job manager schedules its own). */
  maxRetries?: number;
  /** Per-call service and token, for callers that hold several services. */
  baseUrl?: string;
  token?: string;
  /**
   * Keeps the call out of the recent requests and their failure log: for the sign-in check's made-up token,
   * whose 401 is the answer it wants, and which a problem report must not show as a refused token.
   */
  unrecorded?: boolean;
  /**
   * A failure this call is made to get (the sign-in check's 404 for a task that cannot exist, which says the
   * service looked and the token was accepted): recorded for a problem report as any answer is, but not as a
   * failure, so it is not logged as a warning at every start.
   */
  expects?: (error: ServiceError) => boolean;
}

export interface CreateVoiceOptions extends CallOptions {
  onUploadProgress?: (progress: { sentBytes: number; totalBytes: number }) => void;
  /** `auto` (default) picks multipart above MULTIPART_THRESHOLD_BYTES of files. */
  encoding?: VoiceEncoding;
}

/** A parsed resource with the request id of the response that carried it. */
export interface ServiceResult<Data> {
  data: Data;
  requestId: string | undefined;
}

interface CallSpec<Schema extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  requestKind: RequestKind;
  resource: string;
  schema: Schema;
  body?: RequestBody;
  timeoutMs: number;
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void;
}

/**
 * Typed calls for the four operations of the contract. Every failure is a ServiceError; retries follow
 * retry-policy.ts; the token is read per call and never placed in an error, a log line or a thrown object.
 */
export class ServiceClient {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly syncTimeoutMs: number;
  private readonly maxResponseBytes: number;
  /** Shared with whatever else talks to this service (audio downloads), so one Retry-After holds them all. */
  readonly rateGate: RateGate;
  // Polls reuse connections; creating POSTs get a fresh one each (see send()).
  private readonly keepAliveAgents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 16 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 16 }),
  };

  constructor(private readonly options: ServiceClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.syncTimeoutMs = options.syncTimeoutMs ?? DEFAULT_SYNC_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.rateGate = options.rateGate ?? new RateGate({ clock: this.clock });
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /**
   * `POST /api/tts/generate`. Blocks are stripped to their type's keys, then the whole body is validated
   * locally; violations are thrown as a `validation` ServiceError naming block, field and rule.
   */
  async createTask(body: TaskRequestBody, options: CallOptions = {}): Promise<ServiceResult<TaskData>> {
    const prepared = prepareTaskBody(body);
    const violations = validateTaskRequest(prepared, {
      serviceOrigin: options.baseUrl ?? this.options.baseUrl,
    });
    if (violations.length > 0) throw validationError(violations);
    const sync = prepared.sync === true;
    return this.call(
      {
        method: 'POST',
        path: '/api/tts/generate',
        requestKind: 'create',
        resource: 'task',
        schema: taskDataSchema,
        body: jsonBody(prepared),
        timeoutMs: options.timeoutMs ?? (sync ? this.syncTimeoutMs : this.timeoutMs),
      },
      options,
    );
  }

  /** `GET /api/tts/generate/{id}`. */
  async getTask(id: string, options: CallOptions = {}): Promise<ServiceResult<TaskData>> {
    return this.call(
      {
        method: 'GET',
        path: `/api/tts/generate/${encodeId(id, 'task')}`,
        requestKind: 'read',
        resource: 'task',
        schema: taskDataSchema,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
      },
      options,
    );
  }

  /**
   * `POST /api/voice` (not the deprecated `/api/tts/voice`): JSON with data URLs up to
   * MULTIPART_THRESHOLD_BYTES of files, multipart streamed from disk above.
   */
  async createVoice(
    input: CreateVoiceInput,
    options: CreateVoiceOptions = {},
  ): Promise<ServiceResult<VoiceData>> {
    const body = await buildVoiceBody(input, options.encoding ?? 'auto');
    const progress = options.onUploadProgress;
    return this.call(
      {
        method: 'POST',
        path: '/api/voice',
        requestKind: 'create',
        resource: 'voice',
        schema: voiceDataSchema,
        body,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        ...(progress
          ? {
              onUploadProgress: (sentBytes: number, totalBytes: number) =>
                progress({ sentBytes, totalBytes }),
            }
          : {}),
      },
      options,
    );
  }

  /** `GET /api/voice/{id}` (the voice's `id`, not its `idForGenerate`). */
  async getVoice(id: string, options: CallOptions = {}): Promise<ServiceResult<VoiceData>> {
    return this.call(
      {
        method: 'GET',
        path: `/api/voice/${encodeId(id, 'voice')}`,
        requestKind: 'read',
        resource: 'voice',
        schema: voiceDataSchema,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
      },
      options,
    );
  }

  /** Closes idle keep-alive connections (call on quit so nothing keeps the process alive). */
  close(): void {
    this.keepAliveAgents.http.destroy();
    this.keepAliveAgents.https.destroy();
  }

  private async call<Schema extends z.ZodType>(
    spec: CallSpec<Schema>,
    options: CallOptions,
  ): Promise<ServiceResult<z.output<Schema>>> {
    const token = await readToken(() => this.options.getToken(), options.token);
    const url = buildUrl(options.baseUrl ?? this.options.baseUrl, spec.path);
    const maxRetries = options.maxRetries ?? this.retry.maxRetries;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'user-agent': this.options.userAgent ?? 'TimbreStudio',
    };

    for (let attempt = 0; ; attempt += 1) {
      let releasedAt: number;
      try {
        releasedAt = await this.rateGate.acquire(options.signal);
      } catch {
        throw cancelled(spec.resource, false);
      }
      this.options.onAttempt?.({ method: spec.method, path: spec.path, attempt });
      let error: ServiceError;
      let receivedAt: number | undefined;
      const onResponseHead = (status: number, responseHeaders: IncomingHttpHeaders): void => {
        receivedAt = this.clock.now();
        this.holdGateAtOnce(status, responseHeaders, receivedAt);
      };
      try {
        const response = await exchange({
          method: spec.method,
          url,
          headers,
          ...(spec.body ? { body: spec.body } : {}),
          timeoutMs: spec.timeoutMs,
          maxResponseBytes: this.maxResponseBytes,
          ...(options.signal ? { signal: options.signal } : {}),
          // A fresh connection for creating POSTs: then "failed before connecting" really means "never sent"
          // (a stale keep-alive socket can fail after the bytes left, which would leave the outcome unknown).
          agent:
            spec.requestKind === 'create'
              ? false
              : url.protocol === 'https:'
                ? this.keepAliveAgents.https
                : this.keepAliveAgents.http,
          ...(spec.onUploadProgress ? { onUploadProgress: spec.onUploadProgress } : {}),
          onResponseHead,
        });
        const decoded = decodeResponse(response, spec.schema, {
          resource: spec.resource,
          token,
          // An HTTP-date Retry-After is a wait from when the answer arrived, not from when it was read.
          now: receivedAt ?? this.clock.now(),
        });
        this.rateGate.answered();
        if (!options.unrecorded)
          this.options.recentRequests?.record({
            serviceUrl: options.baseUrl ?? this.options.baseUrl,
            method: spec.method,
            path: spec.path,
            status: response.status,
            requestId: decoded.requestId,
          });
        this.options.onAnswer?.({
          method: spec.method,
          path: spec.path,
          attempt,
          status: response.status,
          receivedAt,
        });
        return { data: decoded.data, requestId: decoded.requestId };
      } catch (caught) {
        error = this.toServiceError(caught, spec, token, receivedAt);
      }
      this.tellGate(error, releasedAt, receivedAt);
      if (!options.unrecorded)
        this.options.recentRequests?.record({
          serviceUrl: options.baseUrl ?? this.options.baseUrl,
          method: spec.method,
          path: spec.path,
          status: error.httpStatus ?? 0,
          requestId: error.requestId,
          code: error.code,
          expected: options.expects?.(error) === true,
        });
      this.options.onAnswer?.({
        method: spec.method,
        path: spec.path,
        attempt,
        status: error.httpStatus ?? 0,
        retryAfterMs: error.retryAfterMs,
        receivedAt,
      });

      const facts = {
        requestKind: spec.requestKind,
        errorKind: error.kind,
        requestSent: error.requestSent,
        ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
        ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      };
      if (attempt >= maxRetries || !isRetryable(facts, this.retry)) throw error;
      try {
        await this.clock.sleep(retryDelayMs(facts, attempt, this.retry, this.random), options.signal);
      } catch {
        throw cancelled(spec.resource, error.requestSent);
      }
    }
  }

  /**
   * A 429 or 503 naming a wait closes the gate the moment its headers arrive: under CPU starvation reading and
   * decoding its body can take long enough for another request's turn to come, and that request would start
   * inside the wait the service had already sent.
   */
  private holdGateAtOnce(status: number, headers: IncomingHttpHeaders, receivedAt: number): void {
    if (status !== 429 && status !== 503) return;
    const retryAfterMs = parseRetryAfterMs(headers['retry-after'], receivedAt);
    if (retryAfterMs !== undefined) this.rateGate.holdFrom(receivedAt, retryAfterMs);
  }

  /** What the service said about our pace reaches every later request of this service, not only this one. */
  private tellGate(error: ServiceError, releasedAt: number, receivedAt: number | undefined): void {
    if (error.kind !== 'http') return;
    if (error.httpStatus === 429) this.rateGate.rateLimited(error.retryAfterMs, releasedAt, receivedAt);
    else if (error.httpStatus === 503 && error.retryAfterMs !== undefined)
      this.rateGate.unavailable(error.retryAfterMs, receivedAt);
    else this.rateGate.answered();
  }

  private toServiceError(
    caught: unknown,
    spec: CallSpec<z.ZodType>,
    token: string,
    receivedAt: number | undefined,
  ): ServiceError {
    if (caught instanceof ServiceError) return caught;
    if (caught instanceof ExchangeFailure)
      return failureToServiceError(
        caught,
        { resource: spec.resource, token, now: receivedAt ?? this.clock.now() },
        spec.timeoutMs,
      );
    // Anything else is a bug of ours; report it without its message, which could hold request details.
    return new ServiceError({
      kind: 'network',
      code: 'CLIENT_FAILURE',
      message: `The ${spec.resource} request failed inside the app.`,
      retryable: false,
      requestSent: true,
    });
  }
}

/** The caller gave up while the call waited (at the rate gate, or between retries). */
function cancelled(resource: string, requestSent: boolean): ServiceError {
  return new ServiceError({
    kind: 'aborted',
    code: 'ABORTED',
    message: `The ${resource} request was cancelled.`,
    retryable: false,
    requestSent,
  });
}
