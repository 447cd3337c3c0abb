import type NodeID3 from 'node-id3';
import type { CoverImage } from './cover-image.js';
import type { FileTags } from './file-tags.js';

// ID3v2's attached-picture type for the front cover.
const FRONT_COVER = 3;

/** ISO 639-2 (what ID3's TLAN holds) of the languages the service speaks, by their BCP 47 primary subtag. */
const ISO_639_2: Record<string, string> = {
  en: 'eng',
  zh: 'zho',
  ja: 'jpn',
  ko: 'kor',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
  ru: 'rus',
  ar: 'ara',
  hi: 'hin',
  id: 'ind',
  vi: 'vie',
  th: 'tha',
  tr: 'tur',
  pl: 'pol',
  nl: 'nld',
  sv: 'swe',
};

/** "en-GB" → "eng"; a three-letter primary subtag is ISO 639-2 already; others have no TLAN. */
export function iso639Of(tag: string | undefined): string | undefined {
  const primary = tag?.split('-')[0]?.toLowerCase();
  if (primary === undefined) return undefined;
  return primary.length === 3 ? primary : ISO_639_2[primary];
}

/**
 * The ID3v2 tag that starts a tagged MP3: title, author, album, year, track, comment, language, the cover, and chapters as
 * CHAP frames listed by one top-level ordered CTOC (the form Apple Podcasts, Overcast and ffprobe read). Built by
 * node-id3; times are milliseconds from the start of the audio.
 */
export async function id3Tag(tags: FileTags, cover: CoverImage | undefined): Promise<Uint8Array> {
  // Loaded on first use, not at the app's start-up.
  const { default: id3 } = await import('node-id3');
  const { metadata } = tags;
  const language = iso639Of(tags.language);
  const frames: NodeID3.Tags = {
    ...(metadata.title ? { title: metadata.title } : {}),
    ...(metadata.author ? { artist: metadata.author } : {}),
    ...(metadata.album ? { album: metadata.album } : {}),
    ...(metadata.year ? { year: metadata.year } : {}),
    ...(metadata.track ? { trackNumber: metadata.track } : {}),
    ...(metadata.comment ? { comment: { language: 'eng', text: metadata.comment } } : {}),
    ...(metadata.narrator ? { composer: metadata.narrator } : {}),
    ...(metadata.genre ? { genre: metadata.genre } : {}),
    ...(language ? { language } : {}),
    ...(cover
      ? {
          image: {
            mime: cover.mime,
            type: { id: FRONT_COVER },
            description: 'Cover',
            imageBuffer: cover.bytes,
          },
        }
      : {}),
  };
  if (tags.markers && tags.chapters.length > 0) {
    const ids = tags.chapters.map((_, index) => `chp${index}`);
    frames.chapter = tags.chapters.map((chapter, index) => ({
      elementID: ids[index]!,
      startTimeMs: Math.round(chapter.startMs),
      endTimeMs: Math.round(chapter.endMs),
      tags: { title: chapter.title },
    }));
    frames.tableOfContents = [{ elementID: 'toc', isOrdered: true, elements: ids }];
  }
  return id3.create(frames);
}
