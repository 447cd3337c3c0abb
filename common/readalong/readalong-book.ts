import type { TimedBlock } from './readalong-timing.js';

/** What a read-along book says about itself (EPUB package metadata, the LPF's publication manifest). */
export interface ReadAlongBookInfo {
  readonly title: string;
  readonly author?: string | undefined;
  /** Who reads it: the voices of the project (synthetic voices, named as the cast shows them). */
  readonly narrators: readonly string[];
  /** BCP 47 ("en", "de-AT"); "und" when the project does not say. */
  readonly language: string;
  /** A URN that stays the same for every export of one project (`urn:uuid:…`). */
  readonly identifier: string;
  readonly modified: Date;
  /** The export's cover (the image the MP3 and M4B tags carry), shown first in the EPUB and named in the LPF. */
  readonly cover?: ReadAlongCover | undefined;
}

/** A cover image's bytes and type: JPEG or PNG, the two every EPUB and audiobook reader shows. */
export interface ReadAlongCover {
  readonly mediaType: 'image/jpeg' | 'image/png';
  readonly bytes: Uint8Array;
}

/** The cover's file name in a package: `cover.jpg` or `cover.png`. */
export function coverFileName(cover: ReadAlongCover): string {
  return cover.mediaType === 'image/png' ? 'cover.png' : 'cover.jpg';
}

/** One chapter of the book: its own audio file and its blocks timed against that file. */
export interface ReadAlongChapter {
  readonly title: string;
  /** The audio file's name in the package's audio folder (`chapter-001.mp3`). */
  readonly audioFile: string;
  readonly audioType: string;
  /** The audio file's length. */
  readonly durationMs: number;
  readonly blocks: readonly TimedBlock[];
}

/** The file stem of chapter `index` (0-based) in a package: `chapter-001`. */
export function chapterStem(index: number): string {
  return `chapter-${String(index + 1).padStart(3, '0')}`;
}

/** Milliseconds as ISO 8601 (`PT1H2M3.456S`), the duration W3C publication manifests use. */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = (total % 60_000) / 1000;
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${seconds}S`;
}
