import { open } from 'node:fs/promises';
import { describeHead, SNIFF_BYTES, sniffAudioFormat, type SniffedFormat } from './audio-format-sniffer.js';
import type { DecodedAudio, StreamingDecoder } from './decoded-audio.js';
import { WavStreamDecoder } from './wav-stream-decoder.js';
import { createFlacDecoder, createMp3Decoder, createOggOpusDecoder } from './wasm-stream-decoders.js';

// Read size: large enough to keep the decoders busy, small enough that memory stays flat for any file length.
const READ_BYTES = 256 * 1024;

type DecodableFormat = 'wav' | 'mp3' | 'flac' | 'ogg-opus';

/**
 * One decoder per format, kept for the next file: a WebAssembly decoder costs a few milliseconds to
 * create and its memory is garbage to collect, which adds up over a project of hundreds of blocks.
 */
export class DecoderSet {
  private readonly decoders = new Map<DecodableFormat, { decoder: StreamingDecoder; used: boolean }>();

  async acquire(format: DecodableFormat): Promise<StreamingDecoder> {
    let entry = this.decoders.get(format);
    if (!entry) {
      entry = { decoder: createDecoder(format), used: false };
      this.decoders.set(format, entry);
    }
    if (entry.used) await entry.decoder.reset();
    entry.used = true;
    return entry.decoder;
  }

  /** Drops a decoder left in an unknown state by a failed file. */
  discard(format: DecodableFormat): void {
    this.decoders.get(format)?.decoder.dispose();
    this.decoders.delete(format);
  }

  dispose(): void {
    for (const { decoder } of this.decoders.values()) decoder.dispose();
    this.decoders.clear();
  }
}

function createDecoder(format: DecodableFormat): StreamingDecoder {
  switch (format) {
    case 'wav':
      return new WavStreamDecoder();
    case 'mp3':
      return createMp3Decoder();
    case 'flac':
      return createFlacDecoder();
    case 'ogg-opus':
      return createOggOpusDecoder();
  }
}

function decodable(format: SniffedFormat, filePath: string, head: Uint8Array): DecodableFormat {
  if (format === 'ogg-vorbis')
    throw new Error(`${filePath}: Ogg Vorbis is not supported (WAV, MP3, Ogg Opus and FLAC are)`);
  if (format === 'unknown') {
    const bytes = describeHead(head) || 'none, the file is empty';
    throw new Error(`${filePath}: not a WAV, MP3, Ogg Opus or FLAC file (first bytes: ${bytes})`);
  }
  return format;
}

/**
 * Decodes a file piece by piece, yielding runs of samples; the format is detected from the content
 * (the first bytes), never from the name. `onFormat` learns the format once known, `onBytes` how many
 * bytes have been read, for progress.
 */
export async function* decodeFile(
  filePath: string,
  decoders: DecoderSet,
  onFormat: (format: DecodableFormat) => void = () => {},
  onBytes: (bytesRead: number) => void = () => {},
): AsyncGenerator<DecodedAudio> {
  const handle = await open(filePath, 'r');
  let format: DecodableFormat | undefined;
  let clean = false;
  try {
    let position = 0;
    let decoder: StreamingDecoder | undefined;
    // Most sources are a block's few seconds of speech: read those in one piece of their own size.
    const { size } = await handle.stat();
    const pieceBytes = Math.max(SNIFF_BYTES, Math.min(READ_BYTES, size));
    for (;;) {
      // Decoders may keep a reference to the bytes they were given, so each piece is a fresh buffer.
      const buffer = new Uint8Array(pieceBytes);
      const { bytesRead } = await handle.read(buffer, 0, pieceBytes, position);
      if (!decoder) {
        const head = buffer.subarray(0, Math.min(bytesRead, SNIFF_BYTES));
        format = decodable(sniffAudioFormat(head), filePath, head);
        onFormat(format);
        decoder = await decoders.acquire(format);
      }
      if (bytesRead === 0) break;
      position += bytesRead;
      onBytes(position);
      const decoded = await decoder.push(buffer.subarray(0, bytesRead));
      if (decoded && decoded.samplesDecoded > 0) yield decoded;
    }
    const tail = await decoder.finish();
    if (tail && tail.samplesDecoded > 0) yield tail;
    clean = true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith(filePath) ? message : `${filePath}: ${message}`, { cause: error });
  } finally {
    if (!clean && format) decoders.discard(format);
    await handle.close();
  }
}
