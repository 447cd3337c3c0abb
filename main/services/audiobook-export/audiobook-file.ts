import type { MetadataTags } from 'mediabunny';
import type { FileTags } from '../export/tags/file-tags.js';
import { readCoverImage } from '../export/tags/cover-image.js';
import { iso639Of } from '../export/tags/id3-tag.js';
import type { AacLaneJob } from './aac-lane-protocol.js';
import { encodeAac } from './aac-encode.js';
import { encodeAacParts, type AacPartOptions } from './aac-part-encode.js';
import { freeformItem, mediaKindItem } from './audiobook-boxes.js';
import { muxAudiobook } from './audiobook-mux.js';
import type { Mp4Box } from './mp4-box-tree.js';

export interface AudiobookFileJob {
  /** The rendered mix (the engine's 16-bit WAV). */
  readonly wavPath: string;
  readonly outputPath: string;
  readonly format: 'm4b' | 'm4a';
  readonly bitrateKbps: AacLaneJob['bitrateKbps'];
  /** The export worker's script, whose copies encode the AAC. */
  readonly workerEntry: URL;
  /** The timeline's length in frames and its rate: the file plays exactly this long. */
  readonly frames: number;
  readonly sampleRate: number;
  readonly tags?: FileTags | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onFraction?: ((fraction: number) => void) | undefined;
  /**
   * Encoded parts kept between exports (aac-part-cache.ts): given, the AAC is encoded part by part and only the
   * parts whose audio changed since a cached export are encoded again; without, in two lanes (aac-encode.ts).
   */
  readonly parts?: AacPartOptions | undefined;
}

/** iTunes' media kind for an audiobook: Apple's players file it under Books, with bookmarks and chapters. */
const AUDIOBOOK_MEDIA_KIND = 2;

/**
 * Encodes the mix as AAC-LC (ffmpeg's native encoder in WebAssembly through libav.js, on both cores:
 * aac-encode.ts) into MP4 (audiobook-mux.ts: mediabunny's boxes and tags, the audio streamed, index at the
 * end), with what mediabunny does not write: chapters, the audiobook flag, series, and the exact length.
 */
export async function writeAudiobookFile(job: AudiobookFileJob): Promise<void> {
  const encode = {
    workerEntry: job.workerEntry,
    wavPath: job.wavPath,
    bitrateKbps: job.bitrateKbps,
    signal: job.signal,
    onFraction: (fraction: number) => job.onFraction?.(fraction * 0.98),
  };
  const soundtrack = job.parts
    ? {
        ...(await encodeAacParts({ ...encode, ...job.parts, chapterStarts: chapterStarts(job) })),
        dispose: async () => {},
      }
    : await encodeAac({ ...encode, workPath: job.outputPath });
  try {
    const language = job.tags?.language;
    const markers = job.tags?.markers === true ? (job.tags.chapters ?? []) : [];
    await muxAudiobook(soundtrack, {
      outputPath: job.outputPath,
      tags: metadataTags(job.tags),
      languageCode: language ? iso6392(language) : undefined,
      brand: job.format === 'm4b' ? 'M4B ' : 'M4A ',
      finish: { chapters: markers, frames: job.frames, sampleRate: job.sampleRate, items: extraItems(job) },
      signal: job.signal,
    });
  } finally {
    await soundtrack.dispose();
  }
  job.onFraction?.(1);
}

/** Where the chapters start, in frames: the AAC parts are cut there, so an edit in one leaves the others cached. */
function chapterStarts(job: AudiobookFileJob): number[] {
  return (job.tags?.chapters ?? []).map((chapter) => Math.round((chapter.startMs / 1000) * job.sampleRate));
}

/** The tags mediabunny writes itself (ilst): title, artist, narrator as composer, album, year, genre, cover. */
function metadataTags(tags: FileTags | undefined): MetadataTags {
  const metadata = tags?.metadata ?? {};
  const result: MetadataTags = {};
  if (metadata.title) result.title = metadata.title;
  if (metadata.author) result.artist = metadata.author;
  if (metadata.album) result.album = metadata.album;
  if (metadata.genre) result.genre = metadata.genre;
  if (metadata.comment) result.comment = metadata.comment;
  if (metadata.year) result.date = new Date(Date.UTC(Number(metadata.year), 0, 1));
  if (metadata.track) {
    const [number, total] = metadata.track.split('/').map(Number);
    result.trackNumber = number!;
    if (total !== undefined) result.tracksTotal = total;
  }
  const raw: Record<string, string> = {};
  if (metadata.narrator) raw['©wrt'] = metadata.narrator;
  if (metadata.author) raw['aART'] = metadata.author;
  if (Object.keys(raw).length > 0) result.raw = raw;
  if (tags?.coverPath) {
    const cover = readCoverImage(tags.coverPath);
    result.images = [{ data: new Uint8Array(cover.bytes), mimeType: cover.mime, kind: 'coverFront' }];
  }
  return result;
}

/** Items mediabunny cannot type: the media kind (an integer) and the series, free-form as taggers write it. */
function extraItems(job: AudiobookFileJob): Mp4Box[] {
  const metadata = job.tags?.metadata ?? {};
  const items: Mp4Box[] = [];
  if (job.format === 'm4b') items.push(mediaKindItem(AUDIOBOOK_MEDIA_KIND));
  if (metadata.series) items.push(freeformItem('SERIES', metadata.series));
  if (metadata.part) items.push(freeformItem('SERIES-PART', metadata.part));
  return items;
}

/** MP4 names a track's language in ISO 639-2 ("eng"); the tags carry BCP 47 ("en-GB"). */
function iso6392(language: string): string {
  return iso639Of(language) ?? 'und';
}
