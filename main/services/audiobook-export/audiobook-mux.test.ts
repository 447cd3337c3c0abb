import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EncodedPacket } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportCancelledError } from '../export/export-errors.js';
import type { EncodedSoundtrack } from '../video-export/aac-lanes.js';
import { muxAudiobook } from './audiobook-mux.js';
import type { Mp4Box } from './mp4-box-tree.js';
import { findBox, parseBoxes } from './mp4-box-tree.js';

/**
 * The file audiobook-mux.ts streams (synthetic packets, not real AAC: the boxes and tables are what is read):
 * each packet's bytes where its chunk's offset and the sizes before it say, the template's tags and brand kept.
 */

const RATE = 44_100;
const FRAME = 1024;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-audiobook-mux-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `count` packets of varied sizes, each filled with its own index, stamped from −1,024 frames (the priming). */
function soundtrack(count: number): {
  track: EncodedSoundtrack;
  packets: Uint8Array[];
  reading: { open: boolean };
} {
  // Whether the packets' reader is still open (readPackets holds a staged file until its generator ends).
  const reading = { open: false };
  const packets = Array.from({ length: count }, (_, index) =>
    new Uint8Array(120 + ((index * 53) % 160)).fill(index % 251),
  );
  async function* generate(): AsyncGenerator<EncodedPacket> {
    reading.open = true;
    try {
      for (const [index, data] of packets.entries()) {
        yield new EncodedPacket(data, 'key', ((index - 1) * FRAME) / RATE, FRAME / RATE);
      }
    } finally {
      reading.open = false;
    }
  }
  // AudioSpecificConfig: AAC-LC, 44.1 kHz, mono.
  const decoderConfig = {
    codec: 'mp4a.40.2',
    sampleRate: RATE,
    numberOfChannels: 1,
    description: Uint8Array.of(0x12, 0x08),
  };
  return { track: { decoderConfig, packets: generate }, packets, reading };
}

function words(box: Mp4Box, from: number, count: number): number[] {
  const view = new DataView(box.payload!.buffer, box.payload!.byteOffset, box.payload!.byteLength);
  return Array.from({ length: count }, (_, index) => view.getUint32(from + index * 4));
}

describe('muxAudiobook', () => {
  it('streams every packet into one mdat that its stsz and stco find, under the template’s tags and brand', async () => {
    const outputPath = path.join(dir, 'book.m4b');
    const { track, packets } = soundtrack(100);
    await muxAudiobook(track, {
      outputPath,
      tags: { title: 'Streamed' },
      brand: 'M4B ',
      finish: { chapters: [], frames: 99 * FRAME, sampleRate: RATE, items: [] },
    });
    const file = new Uint8Array(await readFile(outputPath));
    const boxes = parseBoxes(file);
    expect(boxes.map((box) => box.type)).toEqual(['ftyp', 'free', 'mdat', 'moov']);
    expect(Buffer.from(boxes[0]!.payload!.subarray(0, 4)).toString('latin1')).toBe('M4B ');
    const moov = boxes[3]!;
    const stbl = findBox(moov.children!, 'trak', 'mdia', 'minf', 'stbl')!;
    const stsz = findBox(stbl.children!, 'stsz')!;
    expect(words(stsz, 8, 1 + packets.length)).toEqual([
      packets.length,
      ...packets.map((data) => data.length),
    ]);
    const stco = findBox(stbl.children!, 'stco')!;
    const [chunks, ...offsets] = words(stco, 4, 1 + 5);
    expect(chunks).toBe(5); // 100 packets in chunks of 22
    // Each chunk's first packet is where its offset says; the packets after it follow back to back.
    let index = 0;
    for (const offset of offsets) {
      let at = offset!;
      for (let inChunk = 0; inChunk < 22 && index < packets.length; inChunk += 1, index += 1) {
        expect(file.subarray(at, at + packets[index]!.length)).toEqual(packets[index]);
        at += packets[index]!.length;
      }
    }
    const mdhd = findBox(moov.children!, 'trak', 'mdia', 'mdhd')!;
    expect(words(mdhd, 12, 2)).toEqual([RATE, packets.length * FRAME]);
    // The edit list skips the priming packet (media time 1,024) and lasts the timeline (in mvhd's timescale).
    const elst = findBox(moov.children!, 'trak', 'edts', 'elst')!;
    const [movieScale] = words(findBox(moov.children!, 'mvhd')!, 12, 1);
    expect(words(elst, 8, 2)).toEqual([Math.round((99 * FRAME * movieScale!) / RATE), FRAME]);
    expect(Buffer.from(file).includes(Buffer.from('Streamed'))).toBe(true);
  });

  it('stops at a cancel with ExportCancelledError, the packets’ reader closed', async () => {
    const controller = new AbortController();
    controller.abort();
    const { track, reading } = soundtrack(10);
    const written = muxAudiobook(track, {
      outputPath: path.join(dir, 'cancelled.m4b'),
      tags: {},
      brand: 'M4A ',
      finish: { chapters: [], frames: 9 * FRAME, sampleRate: RATE, items: [] },
      signal: controller.signal,
    });
    await expect(written).rejects.toBeInstanceOf(ExportCancelledError);
    expect(reading.open).toBe(false);
  });
});
