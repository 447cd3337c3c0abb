import { createReadStream, promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import mimeTypes from 'mime-types';
import rangeParser from 'range-parser';

// Audio-only containers are served as audio; the registry alone says video/webm and audio/x-flac.
const AUDIO_ONLY: Readonly<Record<string, string>> = { '.webm': 'audio/webm', '.flac': 'audio/flac' };

export function contentTypeForFile(filePath: string): string {
  const extension = path.extname(filePath).toLowerCase();
  const type = AUDIO_ONLY[extension] ?? (mimeTypes.lookup(filePath) || 'application/octet-stream');
  return type.startsWith('text/') || type === 'application/x-subrip' ? `${type}; charset=utf-8` : type;
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * A single `Range: bytes=a-b` header against a file size (RFC 9110, parsed by range-parser). Several ranges
 * are answered with the whole file (allowed by the RFC), an unparsable header is ignored, an unsatisfiable
 * one yields 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return undefined;
  const ranges = rangeParser(size, header.trim());
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : undefined;
}

/** Streams a file with Content-Type, Content-Length, Accept-Ranges and single-range (206) support. */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  filePath: string,
  contentType: string,
): Promise<void> {
  const { size } = await fs.stat(filePath);
  const range = parseRange(req.headers.range, size);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Accept-Ranges', 'bytes');
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` });
    res.end();
    return;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  if (range) {
    res.writeHead(206, {
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
    });
  } else {
    res.writeHead(200, { 'Content-Length': String(size) });
  }
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(filePath, { start, end }), res);
}
