import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportEngine } from '../export-engine.js';
import type { ExportRequest } from '../export-types.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { readFrameHeader } from './mp3-info-frame.js';

/**
 * The LAME tag's two checksums, read back from exported files and checked against a CRC computed here, bit by
 * bit, independently of the encoder's table-driven one: the music CRC covers the audio frames after the Info
 * frame (as LAME, ffmpeg and verifiers such as mp3sum take it), the tag CRC the tag's first 190 bytes.
 */

const run = promisify(execFile);
let folder: string;
let project: SmallProject;
const engine = new ExportEngine();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-lame-tag-'));
  // 64 s: long enough for a two-thread export to be encoded in two halves and joined.
  project = await makeSmallProject(path.join(folder, 'sources'), 64, 8);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** CRC-16/ARC (polynomial 0x8005 reflected, initial 0), one bit at a time. */
function bitwiseCrc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

interface LameTag {
  /** Where the Info frame starts (after any ID3v2 tag) and its length. */
  frameAt: number;
  frameBytes: number;
  musicLength: number;
  musicCrc: number;
  tagCrc: number;
  /** The bytes the tag CRC covers: the frame up to the tag CRC. */
  tagBytes: Uint8Array;
}

function readLameTag(bytes: Buffer): LameTag {
  let frameAt = 0;
  if (bytes.toString('latin1', 0, 3) === 'ID3') {
    frameAt = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  const header = readFrameHeader(bytes, frameAt);
  if (!header) throw new Error('no MP3 frame where the stream should start');
  const sideInfo = header.mpeg1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const infoAt = frameAt + 4 + sideInfo;
  expect(['Info', 'Xing']).toContain(bytes.toString('latin1', infoAt, infoAt + 4));
  const lameAt = infoAt + 120;
  return {
    frameAt,
    frameBytes: header.bytes,
    musicLength: bytes.readUInt32BE(lameAt + 28),
    musicCrc: bytes.readUInt16BE(lameAt + 32),
    tagCrc: bytes.readUInt16BE(lameAt + 34),
    tagBytes: bytes.subarray(frameAt, lameAt + 34),
  };
}

function request(name: string, renderThreads: 1 | 2): ExportRequest {
  return {
    plan: project.plan,
    sources: project.sources,
    options: {
      audio: { format: 'mp3', bitrateKbps: 128 },
      loudness: { kind: 'none' },
      subtitles: { srt: false, vtt: false },
    },
    outputPath: path.join(folder, name),
    pcmCacheDir: path.join(folder, 'cache'),
    renderThreads,
  };
}

describe('the LAME tag of an exported MP3', () => {
  it('is read the way ffmpeg writes it: the music CRC is the CRC-16 of the frames after the Info frame', async () => {
    expect(bitwiseCrc16(new TextEncoder().encode('123456789'))).toBe(0xbb3d); // CRC-16/ARC's check value
    const reference = path.join(folder, 'ffmpeg.mp3');
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      project.sources['speech-0']!,
      '-ar',
      '44100',
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      reference,
    ]);
    const bytes = await readFile(reference);
    const tag = readLameTag(bytes);
    expect(tag.musicCrc).not.toBe(0);
    expect(bitwiseCrc16(bytes.subarray(tag.frameAt + tag.frameBytes))).toBe(tag.musicCrc);
    expect(bitwiseCrc16(tag.tagBytes)).toBe(tag.tagCrc);
  }, 60_000);

  for (const [label, threads] of [
    ['encoded in one pass', 1],
    ['encoded in two halves and joined', 2],
  ] as const) {
    it(`states the music CRC of its audio frames and a valid tag CRC (${label})`, async () => {
      const result = await engine.exportMix(request(`mix-${threads}.mp3`, threads));
      if (threads === 2) expect(result.mp3JoinFrame).toBeDefined();
      const bytes = await readFile(result.audioPath);
      const tag = readLameTag(bytes);
      const streamEnd = tag.frameAt + tag.musicLength;
      expect(streamEnd).toBe(bytes.length);
      expect(tag.musicCrc).toBe(bitwiseCrc16(bytes.subarray(tag.frameAt + tag.frameBytes, streamEnd)));
      expect(tag.tagCrc).toBe(bitwiseCrc16(tag.tagBytes));
      expect(tag.tagBytes.length).toBe(190);
    }, 120_000);
  }
});
