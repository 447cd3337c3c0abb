import { z } from 'zod';
import { PROJECT_LIMITS } from '../project/project-limits.js';
import { CREDITS_PER_CHARACTER } from '../project/project-stats.js';
import type { ScriptSplitOptions } from '../text/index.js';
import { codePointLength, splitScript } from '../text/index.js';
import type { TimedPreview } from './timed-preview.js';
import { timedPreview } from './timed-preview.js';

/** Where a line of a subtitle file or timed spreadsheet sounds: its cue's start and end, and its speaker's lane. */
export interface LineTiming {
  startMs: number;
  /** Absent: the cue gave no end, and the line's slot ends at the next line of its lane. */
  endMs?: number;
  lane: number;
}

/**
 * One utterance of an imported script: its text, who says it (absent: the narrator), a pause after it, and its
 * time when it came from a cue (it then becomes one timed block, never split).
 */
export interface ImportedLine {
  text: string;
  speaker?: string | undefined;
  pauseAfterMs?: number;
  timing?: LineTiming;
}

/**
 * What a chapter holds: the book's text, its front matter (title page, copyright, dedication: read only if the
 * user says so in the preview), or its footnotes gathered as one chapter at the end (read or left out likewise).
 */
export type ChapterKind = 'body' | 'front-matter' | 'notes';

/** A run of lines under one title (absent for text before the first heading). */
export interface ImportedChapter {
  title?: string | undefined;
  /** Absent: the book's text. */
  kind?: Exclude<ChapterKind, 'body'>;
  /** The part a chapter belongs to, from a nested table of contents ("Part One" › "The Sea Wall"). */
  part?: string;
  lines: ImportedLine[];
}

/** A JPEG or PNG cover found in the book. */
export interface ImportedCover {
  mime: 'image/jpeg' | 'image/png';
  bytes: Uint8Array;
}

/** What a parser makes of a file or pasted text, before it is cut into blocks. */
export interface ImportedScript {
  title?: string | undefined;
  author?: string | undefined;
  /** The book's language as it gives it (BCP 47, e.g. "en-GB"). */
  language?: string | undefined;
  /** The book's rights line ("© 2026 Ada Writer"): the project's copyright, which its closing credits end with. */
  copyright?: string | undefined;
  cover?: ImportedCover | undefined;
  chapters: ImportedChapter[];
}

/** How the import reads speakers out of the text. */
export const importReadingSchema = z
  .object({
    /** `NAME: line` starts a line of that speaker. */
    speakerLabels: z.boolean(),
    /** Text in quotation marks is dialogue, given to the speaker named by "said Name" nearby. */
    quotedDialogue: z.boolean(),
    /**
     * The front-matter chapters (title page, copyright page, dedication…) left unread, by their place among the
     * book's front-matter chapters (0: the first); absent: all are read.
     */
    unreadFrontMatter: z
      .array(z.number().int('must be whole numbers').min(0, 'must be 0 or more'))
      .max(1000, 'must list at most 1000 chapters')
      .optional(),
    /** Footnotes become a "Notes" chapter at the end, or are left out; absent: a chapter. */
    footnotes: z.enum(['chapter', 'omit']).optional(),
  })
  .strict();
export type ImportReading = z.infer<typeof importReadingSchema>;

/**
 * Whether a chapter is read, as the user chose in the preview; `frontMatterIndex` is its place among the
 * front-matter chapters.
 */
function chapterIsSpoken(
  kind: ChapterKind,
  frontMatterIndex: number,
  reading: Partial<ImportReading> = {},
): boolean {
  if (kind === 'front-matter') return !(reading.unreadFrontMatter ?? []).includes(frontMatterIndex);
  if (kind === 'notes') return (reading.footnotes ?? 'chapter') === 'chapter';
  return true;
}

export const defaultImportReading: ImportReading = { speakerLabels: true, quotedDialogue: false };

/** One block the import will make. */
export interface ImportBlock {
  text: string;
  speaker?: string | undefined;
  chapterTitle?: string;
  /** On a chapter's first block: what the chapter is (absent: the book's text). */
  chapterKind?: Exclude<ChapterKind, 'body'>;
  /** On a chapter's first block: the part it belongs to. */
  part?: string;
  pauseAfterMs?: number;
  timing?: LineTiming;
}

/**
 * Every line cut into blocks by the user's split options; a chapter's title goes on its first block. Front matter
 * and notes are left out where the user chose so (`reading`).
 */
export function scriptBlocks(
  script: ImportedScript,
  split: ScriptSplitOptions,
  reading: Partial<ImportReading> = {},
): ImportBlock[] {
  const blocks: ImportBlock[] = [];
  let previousKind: ChapterKind | undefined;
  let frontMatterIndex = -1;
  for (const chapter of script.chapters) {
    if (chapter.kind === 'front-matter') frontMatterIndex += 1;
    if (!chapterIsSpoken(chapter.kind ?? 'body', frontMatterIndex, reading)) continue;
    // Untitled text after front matter that is read starts a chapter of its own, not the title page's.
    const untitled = previousKind !== undefined && previousKind !== 'body' ? 'Opening' : undefined;
    previousKind = chapter.kind ?? 'body';
    let title = chapter.title?.trim().slice(0, PROJECT_LIMITS.title) || untitled;
    let first = true;
    for (const line of chapter.lines) {
      // A cue is one timed line: its words belong to its slot, whatever the split options say.
      const pieces = line.timing ? [line.text] : splitScript(line.text, split);
      pieces.forEach((text, index) => {
        blocks.push({
          text,
          ...(line.speaker ? { speaker: line.speaker } : {}),
          ...(title ? { chapterTitle: title } : {}),
          ...(first && chapter.kind ? { chapterKind: chapter.kind } : {}),
          ...(first && chapter.part ? { part: chapter.part } : {}),
          ...(index === pieces.length - 1 && line.pauseAfterMs !== undefined
            ? { pauseAfterMs: line.pauseAfterMs }
            : {}),
          ...(line.timing ? { timing: line.timing } : {}),
        });
        title = undefined;
        first = false;
      });
    }
  }
  return blocks;
}

export interface ImportPreview {
  title?: string | undefined;
  author?: string | undefined;
  language?: string | undefined;
  /** The book has a cover, which the project keeps for its exports. */
  hasCover: boolean;
  blockCount: number;
  characters: number;
  longestBlock: number;
  estimatedCredits: number;
  /** The chapters that are read, front matter and notes marked by `kind`. */
  chapters: {
    title: string;
    kind?: Exclude<ChapterKind, 'body'>;
    part?: string;
    blocks: number;
    characters: number;
  }[];
  /** Front matter and notes the book has, read or not: the choices the preview offers. */
  /** The book's front-matter chapters, read or not: the choices the preview offers, in order. */
  frontMatter: { title: string; characters: number; spoken: boolean }[];
  /** The book's footnotes, gathered as one chapter, read or not. */
  notes?: { count: number; characters: number; spoken: boolean };
  /** Speakers found, narrator excluded, with their line counts, most lines first. */
  speakers: { name: string; blocks: number; characters: number }[];
  /** Projects the import makes: more than one when the script is over a project's limits. */
  parts: number;
  /** A subtitle file or timed spreadsheet: its cues with their slots and the fit check's first estimate. */
  timed?: TimedPreview;
  firstBlocks: { text: string; speaker?: string | undefined }[];
}

/** The figures the import dialog shows before anything is created. */
export function previewImport(
  script: ImportedScript,
  blocks: readonly ImportBlock[],
  shown = 5,
  reading: Partial<ImportReading> = {},
): ImportPreview {
  const chapters: ImportPreview['chapters'] = [];
  const speakers = new Map<string, { blocks: number; characters: number }>();
  let characters = 0;
  let longestBlock = 0;
  for (const block of blocks) {
    const length = codePointLength(block.text);
    characters += length;
    longestBlock = Math.max(longestBlock, length);
    if (block.chapterTitle !== undefined || chapters.length === 0) {
      chapters.push({
        title: block.chapterTitle ?? 'Opening',
        ...(block.chapterKind ? { kind: block.chapterKind } : {}),
        ...(block.part ? { part: block.part } : {}),
        blocks: 0,
        characters: 0,
      });
    }
    const chapter = chapters[chapters.length - 1]!;
    chapter.blocks += 1;
    chapter.characters += length;
    if (block.speaker !== undefined) {
      const entry = speakers.get(block.speaker) ?? { blocks: 0, characters: 0 };
      entry.blocks += 1;
      entry.characters += length;
      speakers.set(block.speaker, entry);
    }
  }
  return {
    title: script.title,
    author: script.author,
    language: script.language,
    hasCover: script.cover !== undefined,
    blockCount: blocks.length,
    characters,
    longestBlock,
    estimatedCredits: characters * CREDITS_PER_CHARACTER,
    chapters,
    speakers: [...speakers.entries()]
      .map(([name, entry]) => ({ name, ...entry }))
      .sort((a, b) => b.blocks - a.blocks || a.name.localeCompare(b.name)),
    ...optionalChapters(script, reading),
    parts: importParts(blocks).length,
    ...timedField(blocks),
    firstBlocks: blocks.slice(0, shown).map(({ text, speaker }) => ({ text, speaker })),
  };
}

function timedField(blocks: readonly ImportBlock[]): Pick<ImportPreview, 'timed'> {
  const timed = timedPreview(blocks);
  return timed ? { timed } : {};
}

function optionalChapters(
  script: ImportedScript,
  reading: Partial<ImportReading>,
): Pick<ImportPreview, 'frontMatter' | 'notes'> {
  const charactersOf = (chapter: ImportedChapter): number =>
    chapter.lines.reduce((total, line) => total + codePointLength(line.text), 0);
  const frontMatter = script.chapters
    .filter((chapter) => chapter.kind === 'front-matter')
    .map((chapter, index) => ({
      title: chapter.title ?? '',
      characters: charactersOf(chapter),
      spoken: chapterIsSpoken('front-matter', index, reading),
    }));
  const notes = script.chapters.find((chapter) => chapter.kind === 'notes');
  return {
    frontMatter,
    ...(notes
      ? {
          notes: {
            // The chapter's first line is its spoken title.
            count: notes.lines.length - 1,
            characters: charactersOf(notes),
            spoken: chapterIsSpoken('notes', -1, reading),
          },
        }
      : {}),
  };
}

/**
 * The blocks cut into projects that each fit the project limits (blocks and characters), at chapter starts
 * where possible so a part is whole chapters; a single chapter over the limit is cut between blocks.
 */
export function importParts(blocks: readonly ImportBlock[]): ImportBlock[][] {
  const maxBlocks = PROJECT_LIMITS.blocks;
  const maxCharacters = PROJECT_LIMITS.characters;
  const parts: ImportBlock[][] = [];
  let current: ImportBlock[] = [];
  let currentCharacters = 0;
  let lastChapterStart = 0;
  for (const block of blocks) {
    const length = block.text.length;
    if (block.chapterTitle !== undefined) lastChapterStart = current.length;
    if (current.length + 1 > maxBlocks || currentCharacters + length > maxCharacters) {
      // Cut at the last chapter start of this part, if it has one past its beginning.
      const cut =
        lastChapterStart > 0 && block.chapterTitle === undefined ? lastChapterStart : current.length;
      parts.push(current.slice(0, cut));
      current = current.slice(cut);
      currentCharacters = current.reduce((sum, kept) => sum + kept.text.length, 0);
      lastChapterStart = block.chapterTitle !== undefined ? current.length : 0;
    }
    current.push(block);
    currentCharacters += length;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}
