import { describe, expect, it } from 'vitest';
import { Mp3FrameSplitter } from './mp3-frame-splitter.js';
import { canJoinAt, moveReservoir, type IndexedFrames } from './mp3-join.js';
import { readSideInfo } from './mp3-side-info.js';

/**
 * The bitstream side of joining two MP3 encodes, on frames built bit by bit: MPEG-1 Layer III, 128 kbps, 44.1 kHz,
 * joint stereo, no CRC: 417 bytes, of which 4 header, 32 side info and 381 main data.
 */

const MAIN_DATA_OFFSET = 36;

class BitWriter {
  private position = 0;
  constructor(private readonly bytes: Uint8Array) {}
  write(value: number, bits: number): void {
    for (let bit = bits - 1; bit >= 0; bit -= 1) {
      if ((value >> bit) & 1) this.bytes[this.position >> 3]! |= 0x80 >> (this.position & 7);
      this.position += 1;
    }
  }
}

/** A frame whose main data begins `mainDataBegin` bytes back, with these block types, its main data all `fill`. */
function frame(mainDataBegin: number, blockTypes: readonly number[], fill: number, part23 = 100): Uint8Array {
  const bytes = new Uint8Array(417);
  bytes.set([0xff, 0xfb, 0x90, 0x44]);
  const side = new BitWriter(bytes.subarray(4, MAIN_DATA_OFFSET));
  side.write(mainDataBegin, 9);
  side.write(0, 3 + 8);
  for (const blockType of blockTypes) {
    side.write(part23, 12);
    side.write(0, 9 + 8 + 4);
    if (blockType === 0) {
      side.write(0, 1);
      side.write(0, 22);
    } else {
      side.write(1, 1);
      side.write(blockType, 2);
      side.write(0, 1 + 10 + 9);
    }
    side.write(0, 3);
  }
  bytes.fill(fill, MAIN_DATA_OFFSET);
  return bytes;
}

const LONG = [0, 0, 0, 0];

function part(first: number, frames: Uint8Array[]): IndexedFrames {
  return { first, frames };
}

describe('MP3 side info', () => {
  it('reads where the main data begins, how long it is and each granule’s block type', () => {
    const info = readSideInfo(frame(300, [0, 1, 2, 3], 0, 250));
    expect(info.mainDataBegin).toBe(300);
    expect(info.blockTypes).toEqual([0, 1, 2, 3]);
    expect(info.mainDataBits).toBe(1000);
    expect(info.mainDataOffset).toBe(MAIN_DATA_OFFSET);
  });
});

describe('Mp3FrameSplitter', () => {
  it('cuts a stream fed in uneven chunks back into its frames', () => {
    const frames = [frame(0, LONG, 1), frame(10, LONG, 2), frame(20, LONG, 3)];
    const stream = new Uint8Array(frames.length * 417);
    frames.forEach((bytes, index) => stream.set(bytes, index * 417));
    const out: Uint8Array[] = [];
    const splitter = new Mp3FrameSplitter((bytes) => out.push(bytes));
    let offset = 0;
    for (const size of [1, 3, 500, 2, 700, 1000]) {
      splitter.push(stream.subarray(offset, Math.min(stream.length, offset + size)));
      offset = Math.min(stream.length, offset + size);
    }
    expect(out).toEqual(frames);
    expect(splitter.atBoundary).toBe(true);
  });

  it('refuses bytes that are not an MPEG audio frame', () => {
    const splitter = new Mp3FrameSplitter(() => {});
    expect(() => splitter.push(new Uint8Array([0x49, 0x44, 0x33, 0x04]))).toThrow(/not an MPEG audio frame/);
  });
});

describe('joining two encodes', () => {
  it('copies part 2’s reservoir over the bytes part 1 kept for its dropped frames, across frame boundaries', () => {
    // Part 1's frame 12 reaches 500 bytes back; part 2's reaches 450 (more than one frame's 381 bytes of main data).
    const part1 = part(9, [
      frame(0, LONG, 0x11),
      frame(0, LONG, 0x12),
      frame(0, LONG, 0x13),
      frame(500, LONG, 0x14),
    ]);
    const part2 = part(8, [
      frame(0, LONG, 0x21),
      frame(0, LONG, 0x22),
      frame(0, LONG, 0x23),
      frame(0, LONG, 0x24),
      frame(450, LONG, 0x25),
    ]);
    expect(canJoinAt(12, part1, part2)).toBe(true);
    const untouchedSideInfo = part1.frames.map((bytes) => bytes.slice(0, MAIN_DATA_OFFSET));
    moveReservoir(12, part1, part2);
    // Frame 11's whole main data (381 bytes) and the last 69 of frame 10's now hold part 2's bytes.
    expect(part1.frames[2]!.subarray(MAIN_DATA_OFFSET).every((byte) => byte === 0x24)).toBe(true);
    const frame10 = part1.frames[1]!.subarray(MAIN_DATA_OFFSET);
    expect(frame10.subarray(381 - 69).every((byte) => byte === 0x23)).toBe(true);
    expect(frame10.subarray(0, 381 - 69).every((byte) => byte === 0x12)).toBe(true);
    expect(part1.frames[0]!.subarray(MAIN_DATA_OFFSET).every((byte) => byte === 0x11)).toBe(true);
    part1.frames.forEach((bytes, index) =>
      expect(bytes.slice(0, MAIN_DATA_OFFSET)).toEqual(untouchedSideInfo[index]),
    );
  });

  it('will not join where part 2 needs more reservoir than part 1 leaves free', () => {
    const part1 = part(10, [frame(0, LONG, 1), frame(0, LONG, 1), frame(200, LONG, 1)]);
    const part2 = part(10, [frame(0, LONG, 2), frame(0, LONG, 2), frame(201, LONG, 2)]);
    expect(canJoinAt(12, part1, part2)).toBe(false);
  });

  it('will not join where the windows either side of the join would not overlap-add (a start block against a long one)', () => {
    const part1 = part(10, [frame(0, LONG, 1), frame(0, [0, 0, 1, 1], 1), frame(100, [2, 2, 2, 2], 1)]);
    const part2 = part(10, [frame(0, LONG, 2), frame(0, LONG, 2), frame(50, LONG, 2)]);
    expect(canJoinAt(12, part1, part2)).toBe(false);
    const matching = part(10, [frame(0, LONG, 2), frame(0, [0, 0, 1, 1], 2), frame(50, [2, 2, 2, 2], 2)]);
    expect(canJoinAt(12, part1, matching)).toBe(true);
  });

  it('will not join at a frame either part does not hold', () => {
    const part1 = part(10, [frame(0, LONG, 1), frame(0, LONG, 1), frame(100, LONG, 1)]);
    const part2 = part(11, [frame(0, LONG, 2), frame(50, LONG, 2)]);
    expect(canJoinAt(13, part1, part2)).toBe(false);
    expect(canJoinAt(11, part1, part(12, [frame(0, LONG, 2)]))).toBe(false);
  });
});
