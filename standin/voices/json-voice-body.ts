import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { ServiceError, badRequest } from '../http/service-error.js';
import { MAX_UPLOAD_FILE_BYTES } from '../wire-choices.js';
import { DataUrlFileSink } from './data-url-sink.js';
import { JsonFieldStream } from './json-field-stream.js';
import { drainRequest, type UploadField, type VoiceUpload } from './voice-upload.js';

const MAX_SMALL_VALUE_BYTES = 1024 * 1024;

/**
 * Reads a JSON voice-creation body with `prompt`/`avatar` as data URLs, decoding them to files in `tempDir` as
 * the body arrives (a 100 MB prompt is ~134 MB of base64: it never sits in memory). A prompt decoding to more
 * than 100 MB is 413 VOICE_PROMPT_TOO_LARGE; an avatar that large is 413 UPLOAD_TOO_LARGE.
 */
export async function readJsonVoiceBody(req: IncomingMessage, tempDir: string): Promise<VoiceUpload> {
  const sinks = new Map<UploadField, DataUrlFileSink>();
  const parser = new JsonFieldStream({
    maxValueBytes: MAX_SMALL_VALUE_BYTES,
    sinkFor: (key) => {
      if (key !== 'prompt' && key !== 'avatar') return undefined;
      if (sinks.has(key)) throw badRequest(`${key} appears twice in the body`);
      const sink = new DataUrlFileSink(key, path.join(tempDir, key), MAX_UPLOAD_FILE_BYTES, () =>
        key === 'prompt'
          ? new ServiceError(413, 'VOICE_PROMPT_TOO_LARGE', 'prompt must be at most 100 MB of audio')
          : new ServiceError(413, 'UPLOAD_TOO_LARGE', 'avatar must be at most 100 MB'),
      );
      sinks.set(key, sink);
      return sink;
    },
  });
  let fields: Record<string, unknown>;
  try {
    for await (const chunk of req) await parser.push(chunk as Buffer);
    fields = await parser.end();
  } catch (error) {
    await Promise.allSettled([...sinks.values()].map((sink) => sink.close()));
    await drainRequest(req);
    throw error;
  }
  const files: VoiceUpload['files'] = {};
  for (const [field, sink] of sinks)
    files[field] = { field, filePath: sink.filePath, mediaType: sink.mediaType, bytes: sink.bytes };
  return { encoding: 'json', fields, files };
}
