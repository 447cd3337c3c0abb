import type { ServiceError } from './service-error.js';

/**
 * What a route handler produces. Handlers return a Reply instead of writing to the response so the server can
 * apply faults that act after the request was processed (e.g. drop the connection instead of answering).
 */
export type Reply = JsonReply | FileReply | EmptyReply;

export interface JsonReply {
  kind: 'json';
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FileReply {
  kind: 'file';
  filePath: string;
  contentType: string;
}

export interface EmptyReply {
  kind: 'empty';
  status: number;
  headers?: Record<string, string>;
}

/** The success envelope `{status: 200, message: "OK", data}`. */
export function ok(data: unknown): JsonReply {
  return { kind: 'json', status: 200, body: { status: 200, message: 'OK', data } };
}

/** The error body `{status, code, message}`; the HTTP status equals `status`. */
export function errorReply(error: ServiceError): JsonReply {
  return {
    kind: 'json',
    status: error.status,
    body: { status: error.status, code: error.code, message: error.message },
    headers: error.headers,
  };
}
