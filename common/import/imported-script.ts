import { z } from 'zod';
import { PROJECT_LIMITS } from '../project/project-limits.js';
import { CREDITS_PER_CHARACTER, countCodePoints } from '../project/project-stats.js';
import type { ScriptSplitOptions } from '../text/index.js';
import { splitScript } from '../text/index.js';

/** One utterance of an imported script: its text, who says it (absent: the narrator), and a pause after it. */
export interface ImportedLine {
  text: string;
  speaker?: string | undefined;
  pauseAfterMs?: number | undefined;
}

/** A run of lines under one title (absent for text before the first heading). */
export interface ImportedChapter {
  title?: string | undefined;
  lines: ImportedLine[];
}

/** What a parser makes of a file or pasted text, before it is cut into blocks. */
export interface ImportedScript {
  title?: string | undefined;
  author?: string | undefined;
  chapters: ImportedChapter[];
}

/** How the import reads speakers out of the text. */
export const importReadingSchema = z
  .object({
    /** `NAME: line` starts a line of that speaker. */
    speakerLabels: z.boolean(),
    /** Text in quotation marks is dialogue, given to the speaker named by "said Name" nearby. */
    quotedDialogue: z.boolean(),
  })
  .strict();
export type ImportReading = z.infer<typeof importReadingSchema>;

export const defaultImportReading: ImportReading = { speakerLabels: true, quotedDialogue: false };

/** One block the import will make. */
export interface ImportBlock {
  text: string;
  speaker?: string | undefined;
  chapterTitle?: string | undefined;
  pauseAfterMs?: number | undefined;
}

/** Every line cut into blocks by the user's split options; a chapter's title goes on its first block. */
export function scriptBlocks(script: ImportedScript, split: ScriptSplitOptions): ImportBlock[] {
  const blocks: ImportBlock[] = [];
  for (const chapter of script.chapters) {
    let title = chapter.title?.trim().slice(0, PROJECT_LIMITS.title) || undefined;
    for (const line of chapter.lines) {
      const pieces = splitScript(line.text, split);
      pieces.forEach((text, index) => {
        blocks.push({
          text,
          ...(line.speaker ? { speaker: line.speaker } : {}),
          ...(title ? { chapterTitle: title } : {}),
          ...(index === pieces.length - 1 && line.pauseAfterMs !== undefined
            ? { pauseAfterMs: line.pauseAfterMs }
            : {}),
        });
        title = undefined;
      });
    }
  }
  return blocks;
}

export interface ImportPreview {
  title?: string | undefined;
  author?: string | undefined;
  blockCount: number;
  characters: number;
  longestBlock: number;
  estimatedCredits: number;
  chapters: { title: string; blocks: number; characters: number }[];
  /** Speakers found, narrator excluded, with their line counts, most lines first. */
  speakers: { name: string; blocks: number; characters: number }[];
  /** Projects the import makes: more than one when the script is over a project's limits. */
  parts: number;
  firstBlocks: { text: string; speaker?: string | undefined }[];
}

/** The figures the import dialog shows before anything is created. */
export function previewImport(
  script: ImportedScript,
  blocks: readonly ImportBlock[],
  shown = 5,
): ImportPreview {
  const chapters: ImportPreview['chapters'] = [];
  const speakers = new Map<string, { blocks: number; characters: number }>();
  let characters = 0;
  let longestBlock = 0;
  for (const block of blocks) {
    const length = countCodePoints(block.text);
    characters += length;
    longestBlock = Math.max(longestBlock, length);
    if (block.chapterTitle !== undefined || chapters.length === 0) {
      chapters.push({ title: block.chapterTitle ?? 'Opening', blocks: 0, characters: 0 });
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
    blockCount: blocks.length,
    characters,
    longestBlock,
    estimatedCredits: characters * CREDITS_PER_CHARACTER,
    chapters,
    speakers: [...speakers.entries()]
      .map(([name, entry]) => ({ name, ...entry }))
      .sort((a, b) => b.blocks - a.blocks || a.name.localeCompare(b.name)),
    parts: importParts(blocks).length,
    firstBlocks: blocks.slice(0, shown).map(({ text, speaker }) => ({ text, speaker })),
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
