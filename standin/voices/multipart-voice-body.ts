import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ServiceError, badRequest } from '../http/service-error.js';
import { MAX_MULTIPART_FILES, MAX_UPLOAD_FILE_BYTES } from '../wire-choices.js';
import { drainRequest, type UploadField, type UploadedFile, type VoiceUpload } from './voice-upload.js';

const MAX_FIELD_BYTES = 1024 * 1024;

/**
 * Reads a multipart voice-creation body: files are streamed to `tempDir` with backpressure (memory stays flat
 * whatever their size); text fields are kept as strings for the validator. More than 2 files, or a file over
 * 100 MB, is 413 UPLOAD_TOO_LARGE (reported after the body was read, so the client sees the answer).
 */
export async function readMultipartVoiceBody(req: IncomingMessage, tempDir: string): Promise<VoiceUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        files: MAX_MULTIPART_FILES,
        fileSize: MAX_UPLOAD_FILE_BYTES,
        fields: 50,
        fieldSize: MAX_FIELD_BYTES,
        parts: 60,
      },
    });
  } catch (error) {
    await drainRequest(req);
    throw badRequest(`multipart body cannot be read: ${(error as Error).message}`);
  }
  const fields: Record<string, unknown> = {};
  const files: VoiceUpload['files'] = {};
  const writes: Promise<void>[] = [];
  let failure: ServiceError | undefined;
  const fail = (error: ServiceError) => {
    failure ??= error;
  };

  parser.on('file', (name, stream, info) => {
    if ((name !== 'prompt' && name !== 'avatar') || files[name] !== undefined || failure) {
      if (name === 'prompt' || name === 'avatar') fail(badRequest(`${name} appears twice in the body`));
      stream.resume();
      return;
    }
    const field: UploadField = name;
    const record: UploadedFile = {
      field,
      filePath: path.join(tempDir, field),
      mediaType: info.mimeType.toLowerCase(),
      bytes: 0,
    };
    files[field] = record;
    stream.on('data', (chunk: Buffer) => {
      record.bytes += chunk.length;
    });
    stream.on('limit', () =>
      fail(new ServiceError(413, 'UPLOAD_TOO_LARGE', `${field} file must be at most 100 MB`)),
    );
    writes.push(pipeline(stream, createWriteStream(record.filePath)));
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(badRequest(`${name} must be at most ${MAX_FIELD_BYTES} bytes`));
    fields[name] = value;
  });
  parser.on('filesLimit', () =>
    fail(new ServiceError(413, 'UPLOAD_TOO_LARGE', `at most ${MAX_MULTIPART_FILES} files may be uploaded`)),
  );
  parser.on('fieldsLimit', () => fail(badRequest('too many fields in the multipart body')));
  parser.on('partsLimit', () => fail(badRequest('too many parts in the multipart body')));

  try {
    await pipeline(req, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await drainRequest(req);
    throw error instanceof ServiceError
      ? error
      : badRequest(`multipart body cannot be read: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  return { encoding: 'multipart', fields, files };
}
