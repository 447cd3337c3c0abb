import type { Mp4Box } from './mp4-box-tree.js';
import { concatBytes, container, latin1, leaf, u16, u32, u64, u8 } from './mp4-box-tree.js';

export interface BookChapter {
  readonly title: string;
  readonly startMs: number;
  readonly endMs: number;
}

const utf8 = new TextEncoder();
/** The chapter track's clock: milliseconds, as chapter marks are kept. */
const CHAPTER_TIMESCALE = 1000;
/** Nero's chapter list counts its entries in one byte and its titles' bytes in one byte. */
const CHPL_MAX = 255;
/** The sample description ffmpeg writes for a chapter track (TextSampleEntry with an empty font table). */
const TEXT_SAMPLE_ENTRY = Uint8Array.from([
  0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0x0d, 0x66, 0x74, 0x61, 0x62, 0, 1, 0, 1, 0,
]);
/** The `text` media header's matrix, as QuickTime writes it. */
const TEXT_MATRIX = Uint8Array.from([
  0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0,
  0,
]);
const IDENTITY_MATRIX = concatBytes([
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x40000000),
]);

function fullBox(type: string, version: number, flags: number, ...parts: Uint8Array[]): Mp4Box {
  return leaf(type, u8(version), u16(flags >> 8), u8(flags), ...parts);
}

/** A title cut to at most `max` UTF-8 bytes, never inside a character. */
function utf8Prefix(text: string, max: number): Uint8Array {
  const bytes = utf8.encode(text);
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

/** One chapter title as a QuickTime text sample: its length, its UTF-8, and the `encd` box saying UTF-8. */
function textSample(title: string): Uint8Array {
  const text = utf8Prefix(title, 0xffff);
  return concatBytes([u16(text.length), text, u32(12), latin1('encd'), u32(0x100)]);
}

/**
 * The chapter track Apple's players (Books, BookPlayer) read: a disabled text track whose samples are the
 * chapter titles, each lasting until the next chapter, its samples in one chunk at `chunkOffset`. Answers the
 * track and its sample bytes (to be written at that offset).
 */
export function chapterTrack(
  trackId: number,
  chapters: readonly BookChapter[],
  movieTimescale: number,
  totalMs: number,
  chunkOffset: number,
): { trak: Mp4Box; samples: Uint8Array } {
  const samples = chapters.map((chapter) => textSample(chapter.title));
  const durations = chapters.map((chapter, index) =>
    Math.max(1, Math.round((chapters[index + 1]?.startMs ?? totalMs) - chapter.startMs)),
  );
  // The first chapter starts the book, whatever its mark says: the track has no gap before it.
  durations[0] = Math.max(1, Math.round(chapters[1]?.startMs ?? totalMs));
  const mediaMs = durations.reduce((sum, value) => sum + value, 0);
  const movieDuration = Math.round((mediaMs * movieTimescale) / CHAPTER_TIMESCALE);
  const tkhd = fullBox(
    'tkhd',
    0,
    0, // not enabled: a chapter track is read, never played
    u32(0),
    u32(0),
    u32(trackId),
    u32(0),
    u32(movieDuration),
    u32(0),
    u32(0),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    IDENTITY_MATRIX,
    u32(0),
    u32(0),
  );
  const mdhd = fullBox(
    'mdhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(CHAPTER_TIMESCALE),
    u32(mediaMs),
    u16(0x55c4),
    u16(0),
  );
  const hdlr = fullBox('hdlr', 0, 0, u32(0), latin1('text'), u32(0), u32(0), u32(0), latin1('Chapters\0'));
  const gmhd = container('gmhd', [
    fullBox('gmin', 0, 0, u16(0x40), u16(0x8000), u16(0x8000), u16(0x8000), u16(0), u16(0)),
    leaf('text', TEXT_MATRIX),
  ]);
  const dinf = container('dinf', [
    {
      type: 'dref',
      payload: concatBytes([u32(0), u32(1), u32(12), latin1('url '), u32(1)]),
    },
  ]);
  const stsd = fullBox(
    'stsd',
    0,
    0,
    u32(1),
    u32(8 + 8 + TEXT_SAMPLE_ENTRY.length),
    latin1('text'),
    new Uint8Array(6),
    u16(1),
    TEXT_SAMPLE_ENTRY,
  );
  const stts = fullBox('stts', 0, 0, u32(durations.length), ...durations.flatMap((d) => [u32(1), u32(d)]));
  const stsz = fullBox('stsz', 0, 0, u32(0), u32(samples.length), ...samples.map((s) => u32(s.length)));
  const stsc = fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples.length), u32(1));
  const stco = fullBox('stco', 0, 0, u32(1), u32(chunkOffset));
  const stbl = container('stbl', [stsd, stts, stsc, stsz, stco]);
  const minf = container('minf', [gmhd, dinf, stbl]);
  const trak = container('trak', [tkhd, container('mdia', [mdhd, hdlr, minf])]);
  return { trak, samples: concatBytes(samples) };
}

/** Nero's chapter list (udta/chpl), which ffmpeg and most Android players read: starts in 100 ns units. */
export function neroChapterList(chapters: readonly BookChapter[]): Mp4Box {
  const listed = chapters.slice(0, CHPL_MAX);
  return fullBox(
    'chpl',
    1,
    0,
    u32(0),
    u8(listed.length),
    ...listed.flatMap((chapter, index) => {
      const title = utf8Prefix(chapter.title, CHPL_MAX);
      return [u64((index === 0 ? 0 : chapter.startMs) * 10_000), u8(title.length), title];
    }),
  );
}

/** iTunes' media kind (`stik`), a one-byte integer: 2 is an audiobook, which Apple's players file under Books. */
export function mediaKindItem(kind: number): Mp4Box {
  return container('stik', [leaf('data', u32(21), u32(0), u8(kind))]);
}

/** A free-form iTunes item (`----`: com.apple.iTunes, a name, a UTF-8 value), as taggers write SERIES. */
export function freeformItem(name: string, value: string): Mp4Box {
  return container('----', [
    leaf('mean', u32(0), latin1('com.apple.iTunes')),
    leaf('name', u32(0), utf8.encode(name)),
    leaf('data', u32(1), u32(0), utf8.encode(value)),
  ]);
}
