import { expect } from 'vitest';
import { REQUEST_ID_HEADER } from '../wire-choices.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface CallOptions {
  /** Bearer token; null sends no Authorization header. Default `standin-paid`. */
  token?: string | null;
  json?: unknown;
  body?: NonNullable<RequestInit['body']>;
  headers?: Record<string, string>;
}

/** One real HTTP request against a running stand-in. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? 'standin-paid' : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function expectRequestId(response: { headers: Headers }): string {
  const id = response.headers.get(REQUEST_ID_HEADER);
  expect(id).toMatch(UUID);
  return id ?? '';
}

/** Asserts the success envelope and the request-id header; returns `data`. */
export function expectOk<T = Record<string, unknown>>(response: ApiResponse): T {
  expect(response.status, response.text).toBe(200);
  expectRequestId(response);
  expect(response.body).toMatchObject({ status: 200, message: 'OK' });
  return (response.body as { data: T }).data;
}

/** Asserts `{status, code, message}` with matching HTTP status and the request-id header; returns the message. */
export function expectServiceError(response: ApiResponse, status: number, code: string | RegExp): string {
  expect(response.status, response.text).toBe(status);
  expectRequestId(response);
  const body = response.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
  expect(body.status).toBe(status);
  if (typeof code === 'string') expect(body.code).toBe(code);
  else expect(body.code).toMatch(code);
  expect(typeof body.message).toBe('string');
  expect(String(body.message).length).toBeGreaterThan(0);
  return String(body.message);
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
