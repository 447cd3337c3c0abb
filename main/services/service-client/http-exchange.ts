import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestBody } from './request-body.js';
import { UserFileError } from '../storage/user-file.js';

/** One HTTP attempt, no retries: what was answered, or why nothing usable was. */
export interface ExchangeRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: RequestBody;
  /**
   * The longest wait without progress: while sending, between chunks of the body; once sent, for the whole
   * response. An upload of 100 MB on a slow line is not cut off as long as it keeps moving.
   */
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
  agent: http.Agent | false;
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void;
  /** Told the moment the response's status and headers arrive, before its body is read. */
  onResponseHead?: (status: number, headers: IncomingHttpHeaders) => void;
}

export interface ExchangeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type ExchangeFailureReason =
  'network' | 'timeout' | 'aborted' | 'too-large' | 'truncated' | 'body-unreadable';

/** Thrown for attempts that got no complete answer; keeps only facts, never the request (it holds the token). */
export class ExchangeFailure extends Error {
  constructor(
    readonly reason: ExchangeFailureReason,
    /** False only when the connection failed before any byte of the request could be sent. */
    readonly requestSent: boolean,
    readonly systemCode: string | undefined,
    message: string,
    /** Headers of the response, when the failure happened while reading it. */
    readonly responseHeaders?: IncomingHttpHeaders,
    readonly responseStatus?: number,
  ) {
    super(message);
    this.name = 'ExchangeFailure';
  }
}

export function exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  return new Promise<ExchangeResponse>((resolve, reject) => {
    let settled = false;
    let connected = false;
    let response: http.IncomingMessage | undefined;
    let timer: NodeJS.Timeout | undefined;

    const fail = (failure: ExchangeFailure): void => {
      if (settled) return;
      settled = true;
      cleanup();
      req.destroy();
      response?.destroy();
      reject(failure);
    };
    const armTimer = (): void => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () =>
          fail(
            new ExchangeFailure(
              'timeout',
              connected,
              undefined,
              `no progress for ${request.timeoutMs} ms`,
              response?.headers,
              response?.statusCode,
            ),
          ),
        request.timeoutMs,
      );
    };
    const onAbort = (): void => fail(new ExchangeFailure('aborted', connected, undefined, 'cancelled'));
    const cleanup = (): void => {
      if (timer) clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    };

    if (request.signal?.aborted) {
      settled = true;
      reject(new ExchangeFailure('aborted', false, undefined, 'cancelled'));
      return;
    }
    const transport = request.url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) {
      headers['content-type'] = request.body.contentType;
      headers['content-length'] = String(request.body.contentLength);
    }
    let req: http.ClientRequest;
    try {
      req = transport.request(request.url, { method: request.method, headers, agent: request.agent });
    } catch (error) {
      // Invalid header characters and the like: nothing was sent. The error message is not kept because
      // Node may quote the offending header value.
      reject(new ExchangeFailure('network', false, codeOf(error), 'the request could not be built'));
      return;
    }

    request.signal?.addEventListener('abort', onAbort, { once: true });
    armTimer();

    req.on('socket', (socket) => {
      // A reused keep-alive socket is already connected: from then on the request may have been sent. A fresh
      // one counts as connected once TCP (and TLS, for https) is up; before that no byte of the request left.
      if (!socket.connecting) {
        connected = true;
        return;
      }
      socket.once('encrypted' in socket ? 'secureConnect' : 'connect', () => {
        connected = true;
      });
    });
    req.on('error', (error) => {
      if (response) {
        fail(
          new ExchangeFailure(
            'truncated',
            true,
            codeOf(error),
            'the connection closed mid-response',
            response.headers,
            response.statusCode,
          ),
        );
        return;
      }
      fail(new ExchangeFailure('network', connected, codeOf(error), describeSystemError(error)));
    });
    req.on('finish', armTimer);
    req.on('response', (res) => {
      response = res;
      request.onResponseHead?.(res.statusCode ?? 0, res.headers);
      armTimer();
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > request.maxResponseBytes) {
        fail(
          new ExchangeFailure(
            'too-large',
            true,
            undefined,
            `declared ${declared} bytes`,
            res.headers,
            res.statusCode,
          ),
        );
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > request.maxResponseBytes) {
          fail(
            new ExchangeFailure(
              'too-large',
              true,
              undefined,
              `more than ${request.maxResponseBytes} bytes`,
              res.headers,
              res.statusCode,
            ),
          );
          return;
        }
        chunks.push(chunk);
        armTimer();
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        cleanup();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      const onTruncated = (error?: unknown): void => {
        fail(
          new ExchangeFailure(
            'truncated',
            true,
            codeOf(error),
            'the connection closed mid-response',
            res.headers,
            res.statusCode,
          ),
        );
      };
      res.on('error', onTruncated);
      res.on('close', () => {
        if (!res.complete) onTruncated();
      });
    });

    writeBody(req, request, armTimer, (error) => {
      // A file being uploaded that cannot be read (or changed meanwhile) is no network fault: retrying would
      // fail the same way, and its sentence, naming the file and what to do, is what the user needs to see.
      if (error instanceof UserFileError)
        fail(new ExchangeFailure('body-unreadable', connected, undefined, error.message));
      else
        fail(new ExchangeFailure('network', connected, codeOf(error), 'the request body could not be read'));
    });
  });
}

function writeBody(
  req: http.ClientRequest,
  request: ExchangeRequest,
  onProgress: () => void,
  onSourceError: (error: unknown) => void,
): void {
  const body = request.body;
  if (!body) {
    req.end();
    return;
  }
  const source = body.open();
  let sent = 0;
  source.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    onProgress();
    request.onUploadProgress?.(sent, body.contentLength);
    if (!req.write(chunk)) source.pause();
  });
  req.on('drain', () => source.resume());
  source.on('end', () => req.end());
  source.on('error', onSourceError);
  req.on('close', () => source.destroy());
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  // An https:// address on a plain-HTTP port: Node (OpenSSL, and Electron's BoringSSL) reports a bare EPROTO whose
  // message alone says "wrong version number"; only that fact is kept, never the message.
  const message = (error as { message?: unknown }).message;
  if (code === 'EPROTO' && typeof message === 'string' && /wrong[ _]version[ _]number/i.test(message)) {
    return 'ERR_SSL_WRONG_VERSION_NUMBER';
  }
  return code;
}

/** Human text for a system error, built from its code only (the raw message could quote request details). */
function describeSystemError(error: unknown): string {
  const code = codeOf(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the network is unreachable';
    case undefined:
      return 'the connection failed';
    default:
      return tlsProblem(code) ?? 'the connection failed';
  }
}

/** Why a TLS connection was refused, in words, from Node's code; undefined for codes that are not TLS. */
export function tlsProblem(code: string | undefined): string | undefined {
  switch (code) {
    case 'CERT_HAS_EXPIRED':
      return "the server's certificate has expired";
    case 'CERT_NOT_YET_VALID':
      return "the server's certificate is not valid yet (check this computer's date)";
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return "the server's certificate is self-signed, so nothing vouches that it is this server";
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return "the server's certificate is for another host name";
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return "the server's certificate is signed by an authority this computer does not trust";
    case 'CERT_REVOKED':
      return "the server's certificate has been revoked";
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return 'the server did not answer with TLS (is its address http:// rather than https://?)';
    case 'EPROTO':
      return 'the secure connection could not be set up (the TLS handshake failed)';
    default:
      return undefined;
  }
}
