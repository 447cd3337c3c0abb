import type { IncomingMessage } from 'node:http';
import { badRequest } from './service-error.js';

/** Reads a JSON body of at most `maxBytes`; malformed JSON or a larger body is a 400 VALIDATION_BAD_REQUEST. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Keep draining an oversized body so the client receives the error instead of a reset connection.
    if (size > maxBytes) tooLarge = true;
    if (!tooLarge) chunks.push(buffer);
  }
  if (tooLarge) throw badRequest(`body must be at most ${maxBytes} bytes`);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw badRequest('body must be a JSON object, got an empty body');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('body must be a JSON object');
  }
  return parsed;
}

/** The media type of a request without parameters, lower-cased ('' when absent). */
export function mediaTypeOf(req: IncomingMessage): string {
  const header = req.headers['content-type'] ?? '';
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}
