import { z } from 'zod';
import { createProject, createTextBlock } from '../project/block-factory.js';
import type { DefaultsOverride } from '../project/block-factory.js';
import { SPEAKER_PALETTE, narratorSpeaker } from '../project/cast-schema.js';
import type { Speaker } from '../project/cast-schema.js';
import { PROJECT_LIMITS, formatLimit } from '../project/project-limits.js';
import type { ProjectMetadata } from '../project/project-metadata.js';
import type { Project } from '../project/project-schema.js';
import { LANGUAGES } from '../rules/vocabulary.js';
import type { SpeechTiming } from '../project/timing-schema.js';
import type { ImportBlock, LineTiming } from './imported-script.js';
import { importParts } from './imported-script.js';

const voiceChoiceSchema = z
  .object({
    voiceId: z.string().min(1, 'must not be empty').max(PROJECT_LIMITS.parameter),
    voiceName: z.string().max(PROJECT_LIMITS.parameter).optional(),
  })
  .strict();

/** The voice the user chose for each speaker found (by name), before importing. */
export const speakerVoicesSchema = z
  .record(z.string().min(1).max(PROJECT_LIMITS.speakerName), voiceChoiceSchema)
  .refine((voices) => Object.keys(voices).length < PROJECT_LIMITS.speakers, {
    message: `must name fewer than ${PROJECT_LIMITS.speakers} speakers`,
  });
export type SpeakerVoices = z.infer<typeof speakerVoicesSchema>;

export interface ImportedProjectInput {
  title: string;
  blocks: readonly ImportBlock[];
  voices?: SpeakerVoices | undefined;
  serviceUrl?: string | undefined;
  defaults?: DefaultsOverride | undefined;
  /** The book's author, language and cover, kept with every part. */
  metadata?: ProjectMetadata;
  createdAt: string;
}

/** The service's language for a book's language tag ("en-GB" → "en"), if the service lists it. */
function synthesisLanguageOf(tag: string | undefined): string | undefined {
  const primary = tag?.split('-')[0]?.toLowerCase();
  return LANGUAGES.find((language) => language !== 'auto' && language === primary);
}

/** A book over a project's limits is imported as parts, up to this many (a long series is several imports). */
const MAX_IMPORT_PARTS = 10;

/** Why the import cannot make projects (names the rule), thrown before anything is written. */
class ImportProjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportProjectError';
  }
}

/**
 * The projects an import makes: one, or one per part when the script is over a project's limits ("Title (part 2
 * of 3)"). Each gets the speakers its lines use as its cast (narrator first, colours in turn, the chosen voices),
 * its blocks with their speaker, chapter title and pause, and the book's metadata; a book in a language the
 * service lists is spoken in it (the default language), unless the defaults name one.
 */
export function projectsFromImport(input: ImportedProjectInput, newId: () => string): Project[] {
  if (input.blocks.length === 0) {
    throw new ImportProjectError('The text to import is empty: there is nothing to make blocks from.');
  }
  const parts = importParts(input.blocks);
  if (parts.length > MAX_IMPORT_PARTS) {
    const characters = input.blocks.reduce((sum, block) => sum + block.text.length, 0);
    throw new ImportProjectError(
      `Nothing was imported: split this way, the text has ${formatLimit(input.blocks.length)} blocks; a project holds at most ${formatLimit(PROJECT_LIMITS.blocks)} (and ${formatLimit(PROJECT_LIMITS.characters)} characters; this has ${formatLimit(characters)}), and one import makes at most ${MAX_IMPORT_PARTS} projects. Import it in smaller files, or split by paragraph with a longer maximum block length.`,
    );
  }
  return parts.map((blocks, index) => {
    const title =
      parts.length === 1
        ? input.title
        : `${input.title.slice(0, PROJECT_LIMITS.title - 20)} (part ${index + 1} of ${parts.length})`;
    const cast = castOf(blocks, input.voices ?? {});
    const idOf = new Map(cast.map((speaker) => [speaker.name, speaker.id]));
    const base = createProject(
      { title, serviceUrl: input.serviceUrl, defaults: defaultsOf(input), createdAt: input.createdAt },
      newId,
    );
    const metadata = Object.entries(input.metadata ?? {}).filter(([, value]) => value !== undefined);
    const frontMatter = frontMatterFlags(blocks);
    return {
      ...base,
      ...(metadata.length > 0 ? { metadata: Object.fromEntries(metadata) as ProjectMetadata } : {}),
      cast,
      tracks: {
        ...base.tracks,
        speech: {
          blocks: blocks.map((block, blockIndex) =>
            createTextBlock(
              {
                text: block.text,
                ...(block.speaker !== undefined ? { speakerId: idOf.get(block.speaker) } : {}),
                ...(block.chapterTitle !== undefined ? { chapterTitle: block.chapterTitle } : {}),
                ...(block.pauseAfterMs !== undefined ? { pauseAfterMs: block.pauseAfterMs } : {}),
                ...(block.timing ? { timing: speechTimingOf(block.timing) } : {}),
                ...(frontMatter[blockIndex] === true ? { frontMatter: true } : {}),
              },
              newId,
            ),
          ),
        },
      },
    };
  });
}

/**
 * Which blocks belong to a front-matter chapter: the importer marks only a chapter's first block (chapterKind), and
 * the chapter runs to the next block that starts one (a title or a kind of its own).
 */
function frontMatterFlags(blocks: readonly ImportBlock[]): boolean[] {
  let inFrontMatter = false;
  return blocks.map((block) => {
    if (block.chapterTitle !== undefined || block.chapterKind !== undefined)
      inFrontMatter = block.chapterKind === 'front-matter';
    return inFrontMatter;
  });
}

/** A cue's timing as a timed block keeps it: it must end inside its cue (fixed) until the user says otherwise. */
export function speechTimingOf(timing: LineTiming): SpeechTiming {
  return {
    startMs: timing.startMs,
    ...(timing.endMs !== undefined ? { cueEndMs: timing.endMs } : {}),
    lane: timing.lane,
    fit: 'fixed',
  };
}

function defaultsOf(input: ImportedProjectInput): DefaultsOverride | undefined {
  const language = synthesisLanguageOf(input.metadata?.language);
  if (language === undefined || input.defaults?.language !== undefined) return input.defaults;
  return { ...input.defaults, language };
}

function castOf(blocks: readonly ImportBlock[], voices: SpeakerVoices): Speaker[] {
  const names: string[] = [];
  for (const block of blocks) {
    if (block.speaker !== undefined && !names.includes(block.speaker)) names.push(block.speaker);
  }
  if (names.length >= PROJECT_LIMITS.speakers) {
    throw new ImportProjectError(
      `The script names ${names.length} speakers; a cast holds at most ${PROJECT_LIMITS.speakers - 1} besides the narrator. Turn off speaker labels or quoted dialogue, or merge speakers in the file.`,
    );
  }
  return [
    narratorSpeaker(),
    ...names.map((name, index): Speaker => {
      const voice = voices[name];
      return {
        id: `speaker-${index + 1}`,
        name: name.slice(0, PROJECT_LIMITS.speakerName),
        colour: SPEAKER_PALETTE[(index + 1) % SPEAKER_PALETTE.length]!,
        ...(voice
          ? { voiceId: voice.voiceId, ...(voice.voiceName ? { voiceName: voice.voiceName } : {}) }
          : {}),
      };
    }),
  ];
}
