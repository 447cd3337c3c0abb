import { Readable } from 'node:stream';

/**
 * A request body that can be produced again for each attempt (a retry needs fresh bytes) and whose length is
 * known up front, so uploads are sent with Content-Length rather than chunked.
 */
export interface RequestBody {
  contentType: string;
  contentLength: number;
  open(): Readable;
}

/** Small bodies are cut in slices so upload progress still moves for a JSON voice upload. */
const SLICE_BYTES = 64 * 1024;

export function jsonBody(value: unknown): RequestBody {
  return bufferBody(Buffer.from(JSON.stringify(value), 'utf8'), 'application/json');
}

function bufferBody(bytes: Buffer, contentType: string): RequestBody {
  return {
    contentType,
    contentLength: bytes.length,
    open: () => Readable.from(sliceBuffer(bytes), { objectMode: false }),
  };
}

function* sliceBuffer(bytes: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES)
    yield bytes.subarray(offset, offset + SLICE_BYTES);
}
