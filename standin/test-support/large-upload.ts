import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import { Readable } from 'node:stream';
import { runProcess } from '../audio/run-process.js';
import { wavHeader } from '../audio/wav.js';
import { LONG_SENTENCE } from './audio-fixtures.js';

const RATE = 16_000;

/** Writes a WAV of exactly `totalBytes`: real speech first, then silence, streamed (never in memory). */
export async function writeLargeSpeechWav(filePath: string, totalBytes: number): Promise<void> {
  const { stdout: espeak } = await runProcess(
    'espeak-ng',
    ['-v', 'en', '--stdout'],
    `${LONG_SENTENCE} ${LONG_SENTENCE}`,
  );
  const { stdout: speech } = await runProcess(
    'ffmpeg',
    ['-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(RATE), 'pipe:1'],
    espeak,
  );
  const dataBytes = totalBytes - 44;
  const out = createWriteStream(filePath);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(wavHeader(dataBytes, RATE));
  await write(speech.subarray(0, Math.min(speech.length, dataBytes)));
  const silence = Buffer.alloc(1024 * 1024);
  for (let left = dataBytes - Math.min(speech.length, dataBytes); left > 0; left -= silence.length) {
    await write(silence.subarray(0, Math.min(silence.length, left)));
  }
  out.end();
  await once(out, 'close');
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** POSTs a streamed body with http.request (fetch would buffer a stream body in some versions). */
export function postStream(
  url: string,
  token: string,
  contentType: string,
  body: Readable,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    request.on('error', reject);
    body.on('error', reject);
    body.pipe(request);
  });
}

/** A multipart body streaming `filePath` as the `prompt` file, optionally followed by `extraBytes` more bytes. */
export function multipartPromptStream(fields: Record<string, string>, filePath: string, extraBytes = 0) {
  const boundary = `----standin${Date.now()}`;
  async function* parts() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="prompt"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 }))
      yield chunk as Buffer;
    if (extraBytes > 0) yield Buffer.alloc(extraBytes);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Readable.from(parts()) };
}

/** A JSON body whose `prompt` is a data URL of `filePath` (+ `extraBytes`), base64-encoded as it streams. */
export function jsonDataUrlStream(filePath: string, extraBytes = 0): Readable {
  async function* parts() {
    yield Buffer.from('{"name":"Big JSON voice","prompt":"data:audio/wav;base64,');
    // Chunks of a multiple of 3 bytes encode to base64 that can simply be concatenated.
    for await (const chunk of createReadStream(filePath, { highWaterMark: 3 * 256 * 1024 })) {
      yield Buffer.from((chunk as Buffer).toString('base64'));
    }
    if (extraBytes > 0) yield Buffer.from(Buffer.alloc(extraBytes).toString('base64'));
    yield Buffer.from('"}');
  }
  return Readable.from(parts());
}
