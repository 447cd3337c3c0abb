import { closeSync, openSync, readSync } from 'node:fs';
import { MP3_FRAME_SAMPLES } from '../../../../common/export/frame-aligned-parts.js';
import { canJoinAt, moveReservoir, type IndexedFrames } from '../encode/mp3-join.js';
import { Mp3FrameSplitter } from '../encode/mp3-frame-splitter.js';
import { infoFrame, infoFrameBytes, updateCrc16 } from '../encode/mp3-info-frame.js';

/**
 * No frame in the join window lets part `part` follow the one before it (their bit reservoirs and windows never
 * line up there): the export then writes the book in one pass instead (chapter-parts-mix.ts).
 */
export class Mp3PartJoinError extends Error {
  constructor(part: number, earliest: number, latest: number) {
    super(`MP3 parts: no frame from ${earliest} to ${latest} joins part ${part} to part ${part - 1}`);
    this.name = 'Mp3PartJoinError';
  }
}

/**
 * Where each part's frames may take over from the previous part's: from 20 to 4 frames before the part's start.
 * The part's encoder started 16 frames before the earliest (PART_LEAD_MP3_FRAMES = 36), so it is warm; the previous
 * part's frames up to 4 before its end never hold the samples its encoder saw only as end-of-stream flushing.
 */
const JOIN_FROM_BEFORE = 20;
const JOIN_TO_BEFORE = 4;
// Frames before the earliest join kept to read the previous part's reservoir (≤ 511 bytes: two frames at 128 kbps).
const RESERVOIR_FRAMES = 8;
const READ_BYTES = 1024 * 1024;
const WRITE_BATCH_BYTES = 64 * 1024;

/** A part's encoded frames: a file of bare frames whose first is frame `firstFrame` of the whole stream. */
export interface EncodedPart {
  readonly path: string;
  readonly firstFrame: number;
  /** The part's first timeline sample frame (a whole number of MP3 frames), where the previous part ends. */
  readonly startFrame: number;
}

/** Where the stream is written: appended bytes, and one rewrite (the Info frame, reserved before the frames). */
export interface JoinSink {
  readonly bytesWritten: number;
  write(bytes: Uint8Array): void;
  writeAt(bytes: Uint8Array, position: number): void;
}

/** Calls `onFrame` with each frame of `filePath` (frame `first` first) until it answers false or the file ends. */
function eachFrame(
  filePath: string,
  first: number,
  onFrame: (frame: Uint8Array, index: number) => boolean,
): void {
  const descriptor = openSync(filePath, 'r');
  let index = first;
  let going = true;
  const splitter = new Mp3FrameSplitter((frame) => {
    if (going) going = onFrame(frame, index);
    index += 1;
  });
  try {
    const buffer = new Uint8Array(READ_BYTES);
    for (let position = 0; going;) {
      const read = readSync(descriptor, buffer, 0, buffer.length, position);
      if (read === 0) break;
      splitter.push(buffer.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(descriptor);
  }
}

/** Frames [from, to) of a part (as many as it has). */
function framesOf(part: EncodedPart, from: number, to: number): IndexedFrames {
  const frames: Uint8Array[] = [];
  const start = Math.max(from, part.firstFrame);
  eachFrame(part.path, part.firstFrame, (frame, index) => {
    if (index >= start && index < to) frames.push(frame);
    return index + 1 < to;
  });
  return { first: start, frames };
}

/**
 * Joins parts encoded apart into one MP3 stream (Info frame, then the frames), without re-encoding: between parts
 * k−1 and k it takes the first frame J in the join window where `canJoinAt` holds (the reservoir part k's frame J
 * reads fits in what part k−1 leaves, and the windows match), copies part k's reservoir bytes into part k−1's
 * frames before J, and switches. The choice depends only on the two parts' frames, so a full export and a
 * re-export that reuses parts write the same bytes. Answers each join's frame; throws, naming the part, when no
 * frame of the window qualifies (the caller then encodes the book in one pass).
 */
export function joinMp3Parts(
  parts: readonly EncodedPart[],
  totalSamples: number,
  sink: JoinSink,
  sampleRate: number,
  bitrateKbps: number,
): number[] {
  const joins: number[] = [];
  const patchedTails: Map<number, Uint8Array>[] = parts.map(() => new Map<number, Uint8Array>());
  for (let k = 1; k < parts.length; k += 1) {
    const start = parts[k]!.startFrame / MP3_FRAME_SAMPLES;
    const earliest = start - JOIN_FROM_BEFORE;
    const latest = start - JOIN_TO_BEFORE;
    const tail = framesOf(parts[k - 1]!, earliest - RESERVOIR_FRAMES, latest + 1);
    const head = framesOf(parts[k]!, parts[k]!.firstFrame, latest + 1);
    let join: number | undefined;
    for (let at = Math.max(earliest, joins[k - 2] ?? 0); at <= latest && join === undefined; at += 1)
      if (canJoinAt(at, tail, head)) join = at;
    if (join === undefined) throw new Mp3PartJoinError(k, earliest, latest);
    moveReservoir(join, tail, head);
    tail.frames.forEach((frame, offset) => patchedTails[k - 1]!.set(tail.first + offset, frame));
    joins.push(join);
  }
  const infoAt = sink.bytesWritten;
  const infoBytes = infoFrameBytes(sampleRate, bitrateKbps);
  sink.write(new Uint8Array(infoBytes));
  let frames = 0;
  let streamBytes = infoBytes;
  let crc = 0;
  let firstHeader: Uint8Array | undefined;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  const flush = (): void => {
    if (batchBytes === 0) return;
    const bytes = new Uint8Array(batchBytes);
    let at = 0;
    for (const frame of batch) {
      bytes.set(frame, at);
      at += frame.length;
    }
    sink.write(bytes);
    batch = [];
    batchBytes = 0;
  };
  parts.forEach((part, k) => {
    const from = k === 0 ? part.firstFrame : joins[k - 1]!;
    const to = k === parts.length - 1 ? Number.POSITIVE_INFINITY : joins[k]!;
    eachFrame(part.path, part.firstFrame, (original, index) => {
      if (index < from) return true;
      if (index >= to) return false;
      const frame = patchedTails[k]!.get(index) ?? original;
      firstHeader ??= frame.slice(0, 4);
      frames += 1;
      streamBytes += frame.length;
      crc = updateCrc16(crc, frame);
      batch.push(frame);
      batchBytes += frame.length;
      if (batchBytes >= WRITE_BATCH_BYTES) flush();
      return true;
    });
  });
  flush();
  if (!firstHeader) throw new Error('MP3 parts: the parts hold no frames');
  sink.writeAt(infoFrame(firstHeader, frames, streamBytes, totalSamples, crc), infoAt);
  return joins;
}
