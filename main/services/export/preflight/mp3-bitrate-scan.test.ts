import { describe, expect, it } from 'vitest';
import { Mp3BitrateScan } from './mp3-bitrate-scan.js';

/** An MPEG-1 Layer III frame header (44.1 kHz, no padding, mono) at a bit rate index, padded to the frame's size. */
function frame(rateIndex: number, tag = ''): Uint8Array {
  const rates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const bytes = new Uint8Array(Math.floor((144 * rates[rateIndex]! * 1000) / 44100));
  bytes.set([0xff, 0xfb, rateIndex << 4, 0xc0]);
  bytes.set(
    [...tag].map((char) => char.charCodeAt(0)),
    4 + 17,
  );
  return bytes;
}

function id3(size: number): Uint8Array {
  const tag = new Uint8Array(10 + size);
  tag.set([
    0x49,
    0x44,
    0x33,
    4,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return tag;
}

function scan(parts: Uint8Array[], chunk: number) {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  const scanner = new Mp3BitrateScan();
  for (let start = 0; start < all.length; start += chunk) scanner.push(all.subarray(start, start + chunk));
  return scanner.finish();
}

describe('Mp3BitrateScan', () => {
  const cbr = [id3(3000), frame(11, 'Info'), ...Array.from({ length: 40 }, () => frame(11))];
  const vbrFrames = Array.from({ length: 40 }, (_, index) => frame(index % 2 === 0 ? 9 : 13));

  it.each([1, 7, 417, 65536])('reads a CBR file read in %i-byte chunks as constant 192 kbps', (chunk) => {
    expect(scan([...cbr, new TextEncoder().encode('TAG')], chunk)).toEqual({
      meanKbps: 192,
      constant: true,
      frames: 40,
    });
  });

  it('reads frames of different rates as variable, with their mean rate', () => {
    expect(scan([id3(20), frame(11, 'Xing'), ...vbrFrames], 1000)).toEqual({
      meanKbps: 192,
      constant: false,
      frames: 40,
    });
  });

  it('reads a Xing header as variable even when every frame happens to share a rate', () => {
    expect(scan([frame(11, 'Xing'), frame(11), frame(11)], 100).constant).toBe(false);
  });
});
