import type { Mp3Bitrate } from '../../../../common/export/export-options.js';
import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';
import { LameStream } from './lame-stream.js';
import { Mp3FrameSplitter } from './mp3-frame-splitter.js';
import { infoFrame, infoFrameBytes, updateCrc16 } from './mp3-info-frame.js';

// Frames are gathered and written in pieces of about this size, not one write per 400-byte frame.
const WRITE_BATCH_BYTES = 64 * 1024;

/**
 * Constant-bit-rate MP3 (LAME, lame-stream.ts). The stream starts with an Info frame (mp3-info-frame.ts) stating
 * LAME's delay and padding, so decoders play exactly the mix's length: into a sink that can rewrite bytes it is
 * reserved first and filled in at the end; into one that cannot (a zip entry), the encoded frames are held until
 * the end and written after it.
 *
 * For a stream encoded in two parts at once (split-encode/), the encoder can keep its newest `holdFrames` frames
 * back, so the join can still patch them, and then end its own part before a given frame and take the other
 * part's frames instead (`cutBefore`, `appendStream`, `finishJoined`).
 */
export class Mp3Encoder implements AudioEncoder {
  private readonly splitter = new Mp3FrameSplitter((frame) => this.take(frame));
  private lame!: LameStream;
  private firstHeader: Uint8Array | undefined;
  private encodedFrames = 0;
  private writtenFrames = 0;
  private streamBytes: number;
  /** CRC-16 of the audio frames written so far, in order: the LAME tag's music CRC. */
  private musicCrc = 0;
  private readonly recent: Uint8Array[] = [];
  private batch: Uint8Array[] = [];
  private batchBytes = 0;
  private ended = false;
  /** Where the Info frame was reserved (rewritable sinks), or the frames held back (the others). */
  private readonly held: Uint8Array[] | undefined;
  private readonly infoAt: number;

  private constructor(
    private readonly file: ByteSink,
    infoBytes: number,
    placement: { rewritable: true; offset: number } | { rewritable: false },
    private readonly holdFrames: number,
  ) {
    this.streamBytes = infoBytes;
    if (placement.rewritable) {
      this.infoAt = placement.offset;
      this.held = undefined;
      file.write(new Uint8Array(infoBytes));
    } else {
      this.infoAt = 0;
      this.held = [];
    }
  }

  /**
   * `startOffset`: where this stream starts in a rewritable sink (after an ID3 tag), or undefined for a sink that
   * cannot rewrite bytes. `holdFrames`: newest frames kept back for a join (0 when the stream is encoded whole).
   */
  static async create(
    file: ByteSink,
    sampleRate: number,
    channels: 1 | 2,
    bitrateKbps: Mp3Bitrate,
    startOffset: number | undefined,
    holdFrames = 0,
  ): Promise<Mp3Encoder> {
    const encoder = new Mp3Encoder(
      file,
      infoFrameBytes(sampleRate, bitrateKbps),
      startOffset === undefined ? { rewritable: false } : { rewritable: true, offset: startOffset },
      holdFrames,
    );
    encoder.lame = await LameStream.create(sampleRate, channels, bitrateKbps, (bytes) =>
      encoder.splitter.push(bytes),
    );
    return encoder;
  }

  /** Frames LAME has produced so far: the index the next one will have. */
  get framesEncoded(): number {
    return this.encodedFrames;
  }

  write(planar: readonly Float32Array[], frames: number): void {
    if (this.ended) throw new Error('MP3 output: no input is taken after the stream was cut for a join');
    this.lame.write(planar, frames);
  }

  finish(): void {
    this.lame.finish();
    for (const frame of this.recent.splice(0)) this.output(frame);
    this.writeInfo(this.lame.inputSamples);
  }

  /** The frames kept back (newest last; patch them in place before `cutBefore`), and the index of the first. */
  recentFrames(): { readonly first: number; readonly frames: readonly Uint8Array[] } {
    return { first: this.encodedFrames - this.recent.length, frames: this.recent };
  }

  /** Ends this part of the stream before frame `index` (still held back): writes the frames before it, drops the rest. */
  cutBefore(index: number): void {
    const first = this.encodedFrames - this.recent.length;
    if (index < first || index > this.encodedFrames)
      throw new Error(
        `MP3 join: frame ${index} is not among the frames held back (${first}–${this.encodedFrames})`,
      );
    for (const frame of this.recent.slice(0, index - first)) this.output(frame);
    this.recent.length = 0;
    this.ended = true;
  }

  /** Appends frames of the other part of the stream (whole frames, in chunks of any size). */
  appendStream(): (chunk: Uint8Array) => void {
    if (!this.ended) throw new Error('MP3 join: cut the stream before appending to it');
    const splitter = new Mp3FrameSplitter((frame) => this.output(frame));
    return (chunk) => splitter.push(chunk);
  }

  /** Writes the Info frame of the joined stream, which carries `inputSamples` samples of the mix. */
  finishJoined(inputSamples: number): void {
    this.writeInfo(inputSamples);
  }

  private take(frame: Uint8Array): void {
    this.encodedFrames += 1;
    if (this.ended) return;
    this.recent.push(frame);
    if (this.recent.length > this.holdFrames) this.output(this.recent.shift()!);
  }

  private output(frame: Uint8Array): void {
    this.firstHeader ??= frame.slice(0, 4);
    this.writtenFrames += 1;
    this.streamBytes += frame.length;
    this.musicCrc = updateCrc16(this.musicCrc, frame);
    if (this.held) {
      this.held.push(frame);
      return;
    }
    this.batch.push(frame);
    this.batchBytes += frame.length;
    if (this.batchBytes >= WRITE_BATCH_BYTES) this.flushBatch();
  }

  private flushBatch(): void {
    if (this.batchBytes === 0) return;
    const bytes = new Uint8Array(this.batchBytes);
    let at = 0;
    for (const frame of this.batch) {
      bytes.set(frame, at);
      at += frame.length;
    }
    this.batch = [];
    this.batchBytes = 0;
    this.file.write(bytes);
  }

  private writeInfo(inputSamples: number): void {
    this.flushBatch();
    const first = this.firstHeader;
    if (!first) throw new Error('MP3 output: the encoder wrote no audio frames');
    const info = infoFrame(first, this.writtenFrames, this.streamBytes, inputSamples, this.musicCrc);
    if (this.held === undefined) {
      this.file.writeAt(info, this.infoAt);
      return;
    }
    this.file.write(info);
    for (const bytes of this.held) this.file.write(bytes);
  }
}
