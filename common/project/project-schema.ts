import { z } from 'zod';
import { TAKE_FLAG_KINDS } from '../audio/take-checks.js';
import { lexiconRulesSchema } from '../pronunciation/lexicon-schema.js';
import { speakerSchema } from './cast-schema.js';
import { PROJECT_LIMITS, formatLimit, projectSizeProblem } from './project-limits.js';
import { projectMetadataSchema } from './project-metadata.js';
import { referenceVideoSchema, speechTimingSchema } from './timing-schema.js';

/**
 * The project file, schema version 6 (current; version 2 added takes, version 3 the cast and the lexicon, version 4
 * the review flags accepted on a take, version 5 the work's metadata, version 6 timed speech and a reference video). These schemas are structural only: they decide whether a file
 * can be loaded, not whether its values satisfy the service's rules. Anything the editor can hold (for example an
 * emo_switch value of 11 the user is still correcting) must survive a save and reopen, so range and list checks
 * live in project validation (validateProject), which reports them inline instead of refusing the file.
 *
 * Objects are strict: a key that does not belong (a misspelt parameter, a sfx_length on a text block) makes the
 * file invalid with a message naming that key, instead of being dropped silently as the service would.
 */
export const CURRENT_SCHEMA_VERSION = 6;

/** Studio volume is a gain in decibels: 0 leaves the audio as generated; at VOLUME_DB_MIN or below it is silent. */
export const VOLUME_DB_MIN = -60;
export const VOLUME_DB_MAX = 12;

// z.number() already refuses Infinity and NaN in zod 4.
const finiteNumber = z.number();
const nonNegativeMs = finiteNumber.min(0, 'must be 0 or more milliseconds');
const blockIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(PROJECT_LIMITS.id, `must be at most ${PROJECT_LIMITS.id} characters`);
/** Names and ids of voices, styles, presets and languages. */
const parameterSchema = z
  .string()
  .max(PROJECT_LIMITS.parameter, `must be at most ${PROJECT_LIMITS.parameter} characters`);
const blockTextSchema = z
  .string()
  .max(
    PROJECT_LIMITS.blockCharacters,
    `must be at most ${formatLimit(PROJECT_LIMITS.blockCharacters)} characters (split the block)`,
  );
/** A service's base URL as kept in a project: http(s), no longer than URLs get. */
const projectServiceUrlSchema = z
  .string()
  .max(PROJECT_LIMITS.url, `must be at most ${PROJECT_LIMITS.url} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address');

const generationErrorSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  /** The service's X-Service-App-Request-Id, to quote to support. */
  requestId: z.string().optional(),
});

const generatedAudioSchema = z.strictObject({
  /** Key of the audio in the local audio cache (normally the content hash it was generated from). */
  cacheKey: z.string().min(1, 'must not be empty'),
  durationMs: nonNegativeMs,
  /** The segment's URL on the service; platform-issued, so it may be reused in audio blocks. */
  remoteUrl: z.string().optional(),
  taskId: z.string().optional(),
  generatedAt: z.string(),
});

/**
 * What the block last produced. 'stale' is not stored: it is derived (generated, but the stored contentHash no
 * longer matches the block's current content hash), so it can never disagree with the block's content.
 */
export const generationStateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('not-generated') }),
  z.strictObject({ kind: z.literal('generated'), contentHash: z.string(), audio: generatedAudioSchema }),
  z.strictObject({ kind: z.literal('failed'), contentHash: z.string(), error: generationErrorSchema }),
]);

/**
 * One generation of a block, kept so the user can listen, compare and go back. Small metadata only: the audio
 * stays in the per-service audio cache under `cacheKey`.
 */
export const takeSchema = z.strictObject({
  /** Key of the audio in the audio cache: the content hash for a first take, content and seed for later ones. */
  cacheKey: z.string().min(1, 'must not be empty'),
  /** The block's content hash when the take was made: the take plays only while the block still matches it. */
  contentHash: z.string(),
  durationMs: nonNegativeMs,
  /** The seed sent for it; absent when the service chose (the block left the seed unset). */
  seed: finiteNumber.optional(),
  generatedAt: z.string(),
  taskId: z.string().optional(),
  /** X-Service-App-Request-Id of the task's last answer, to quote to support. */
  requestId: z.string().optional(),
  remoteUrl: z.string().optional(),
  /** What it was made from: the text as sent and the parameters after defaults were applied. */
  made: z.strictObject({ text: z.string(), params: z.record(z.string(), z.json()) }).optional(),
  /** Measured once its audio arrived (common/audio/take-measures.ts); the checks flag from these. */
  measures: z
    .strictObject({
      rmsDb: finiteNumber,
      clippedSamples: z.number().int().nonnegative(),
      leadingSilenceMs: nonNegativeMs,
      trailingSilenceMs: nonNegativeMs,
      longestPauseMs: nonNegativeMs,
      longestPauseAtMs: nonNegativeMs,
    })
    .optional(),
  /**
   * The review flags the user listened to and marked "Sounds fine", by kind (version 4): the review leaves them
   * alone on this take. A new take has none, so it is judged afresh.
   */
  acceptedFlags: z
    .array(z.enum(TAKE_FLAG_KINDS))
    .max(TAKE_FLAG_KINDS.length, `must list at most ${TAKE_FLAG_KINDS.length} kinds`)
    .optional(),
});

/** Fields every block carries for the studio (never sent to the service, never part of the content hash). */
const studioFields = {
  id: blockIdSchema,
  /** Gain in dB (see VOLUME_DB_MIN/MAX). */
  volumeDb: finiteNumber,
  /** A locked block keeps its content, parameters and timing; only unlocking it is allowed. */
  locked: z.boolean(),
  generation: generationStateSchema,
  /** Every take kept, oldest first (absent when there are none). */
  takes: z
    .array(takeSchema)
    .max(PROJECT_LIMITS.takesPerBlock, `must hold at most ${PROJECT_LIMITS.takesPerBlock} takes`)
    .optional(),
  /** The cacheKey of the take the user pinned: it plays and exports while it matches the block's content. */
  pinnedTake: z.string().optional(),
};

/**
 * Blocks played one after another on the speech track carry a pause after them, and may start a chapter: its
 * title is a studio field (never sent, never hashed), so naming chapters never makes audio stale.
 */
const sequenceFields = {
  ...studioFields,
  pauseAfterMs: nonNegativeMs,
  chapterTitle: z
    .string()
    .trim()
    .min(1, 'must not be empty (remove it to end the chapter mark)')
    .max(PROJECT_LIMITS.title, `must be at most ${PROJECT_LIMITS.title} characters`)
    .optional(),
};

/** Blocks placed freely on the effects or music track start at a time from the project start. */
const placedFields = { ...studioFields, startMs: nonNegativeMs };

/**
 * A spoken block. Every parameter is optional: undefined means "use the project default" (voiceId, promptId,
 * preset, language, speechRate) or "do not send it, the service decides" (the others).
 */
export const textBlockSchema = z.strictObject({
  ...sequenceFields,
  type: z.literal('text'),
  text: blockTextSchema,
  /** The cast member who speaks it (absent: the narrator); its parameters fill what the block leaves unset. */
  speakerId: blockIdSchema.optional(),
  voiceId: parameterSchema.optional(),
  promptId: parameterSchema.optional(),
  preset: parameterSchema.optional(),
  language: parameterSchema.optional(),
  speechRate: finiteNumber.optional(),
  /** Five emotion weights, each 0 to 10 (checked by validation, not by the file schema). */
  emo_switch: z.array(finiteNumber).optional(),
  vivid: z.boolean().optional(),
  flash: z.boolean().optional(),
  break_clone: z.boolean().optional(),
  /** -1 is the contract's "unset" value and is treated like an absent seed. */
  seed: finiteNumber.optional(),
  /** Absent: the block flows after the one before it. Present: it starts at its own time (timing-schema.ts). */
  timing: speechTimingSchema.optional(),
  /** The book's opening or closing credits (credits-blocks.ts): always a chapter of its own, kept out of samples. */
  credits: z.enum(['opening', 'closing']).optional(),
  /** Imported as the book's front matter (title page, copyright, dedication): a proposed retail sample starts after it. */
  frontMatter: z.literal(true).optional(),
});

/**
 * Block types the editor does not author but must keep when a file (or an imported task) contains them. Their
 * per-type parameter lists are not given by the contract, so their wire fields are kept verbatim in `params`;
 * they sit in the speech track's sequence because the service plays contents in order.
 */
const PASSTHROUGH_BLOCK_TYPES = ['audio', 'scene', 'custom_audio', 'stem_separation'] as const;
export type PassthroughBlockType = (typeof PASSTHROUGH_BLOCK_TYPES)[number];

const passthroughBlockSchema = <T extends PassthroughBlockType>(type: T) =>
  z.strictObject({
    ...sequenceFields,
    type: z.literal(type),
    /** The block's wire fields other than `type`, exactly as received. */
    params: z.record(z.string(), z.json()),
  });

export const audioBlockSchema = passthroughBlockSchema('audio');
export const sceneBlockSchema = passthroughBlockSchema('scene');
export const customAudioBlockSchema = passthroughBlockSchema('custom_audio');
export const stemSeparationBlockSchema = passthroughBlockSchema('stem_separation');

/** Generation parameters shared by sound effects and music: a description, a length and a seed. */
const soundParams = {
  /** What to generate, in words. */
  text: blockTextSchema,
  /** Requested length as sent to the service (seconds, as far as the contract lets us tell); range is checked there. */
  sfx_length: finiteNumber.optional(),
  seed: finiteNumber.optional(),
};

export const sfxBlockSchema = z.strictObject({ ...placedFields, type: z.literal('sfx'), ...soundParams });

export const musicBlockSchema = z.strictObject({
  ...placedFields,
  type: z.literal('music'),
  ...soundParams,
  fadeInMs: nonNegativeMs,
  fadeOutMs: nonNegativeMs,
});

export const speechTrackBlockSchema = z.discriminatedUnion('type', [
  textBlockSchema,
  audioBlockSchema,
  sceneBlockSchema,
  customAudioBlockSchema,
  stemSeparationBlockSchema,
]);

export const projectDefaultsSchema = z.strictObject({
  /** The voice's idForGenerate (or its id where it has none); null until the user picks one (offline drafts). */
  voiceId: parameterSchema.nullable(),
  /** Display name of the default voice, so the editor can show it offline. */
  voiceName: parameterSchema.optional(),
  promptId: parameterSchema,
  preset: parameterSchema,
  language: parameterSchema,
  speechRate: finiteNumber,
});

export const TRACK_NAMES = ['speech', 'effects', 'music'] as const;
export type TrackName = (typeof TRACK_NAMES)[number];

export const projectSchema = z
  .strictObject({
    schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
    id: z
      .string()
      .min(1, 'must not be empty')
      .max(PROJECT_LIMITS.id, `must be at most ${PROJECT_LIMITS.id} characters`),
    title: z.string().max(PROJECT_LIMITS.title, `must be at most ${PROJECT_LIMITS.title} characters`),
    /** Base URL of the service the project belongs to (voices and styles are per service). */
    serviceUrl: projectServiceUrlSchema.optional(),
    /** The work's author, language and cover (from an imported book); an export's tags start from them. */
    metadata: projectMetadataSchema.optional(),
    /** The video the speech is placed against (version 6); the project then lasts as long as it. */
    video: referenceVideoSchema.optional(),
    createdAt: z.string(),
    defaults: projectDefaultsSchema,
    /** Speakers, the narrator first; a block's speaker fills the parameters the block leaves unset. */
    cast: z
      .array(speakerSchema)
      .min(1, 'must hold the narrator')
      .max(PROJECT_LIMITS.speakers, `must hold at most ${PROJECT_LIMITS.speakers} speakers`),
    /** The project's pronunciation rules, applied before the service's. */
    lexicon: lexiconRulesSchema,
    tracks: z.strictObject({
      speech: z.strictObject({ blocks: z.array(speechTrackBlockSchema) }),
      effects: z.strictObject({ blocks: z.array(sfxBlockSchema) }),
      music: z.strictObject({ blocks: z.array(musicBlockSchema) }),
    }),
  })
  .superRefine((project, context) => {
    for (const issue of projectWideIssues(project)) context.addIssue({ code: 'custom', ...issue });
  });

/** What the rules spanning a whole project read of it (a structural view, so the schema can use them too). */
interface ProjectWideView {
  cast: readonly { id: string }[];
  tracks: Record<
    TrackName,
    {
      blocks: readonly {
        id: string;
        type: string;
        text?: string | undefined;
        speakerId?: string | undefined;
      }[];
    }
  >;
}

export interface ProjectWideIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules that span blocks: the project's size, the speakers blocks name, unique ids. Part of the schema, and
 * run alone on a project rebuilt from a checked patch and a checked base (ProjectService.savePatch), whose every
 * block and field the schema already passed.
 */
export function projectWideIssues(project: ProjectWideView): ProjectWideIssue[] {
  let characters = 0;
  let blocks = 0;
  for (const trackName of TRACK_NAMES) {
    for (const block of project.tracks[trackName].blocks) characters += block.text?.length ?? 0;
    blocks += project.tracks[trackName].blocks.length;
  }
  const tooLarge = projectSizeProblem(blocks, characters);
  if (tooLarge) return [{ path: ['tracks'], message: `the project ${tooLarge}` }];
  const issues: ProjectWideIssue[] = [];
  const speakerIds = new Set<string>();
  project.cast.forEach((speaker, index) => {
    if (speakerIds.has(speaker.id)) {
      issues.push({
        path: ['cast', index, 'id'],
        message: `duplicate speaker id "${speaker.id}" (each speaker needs its own)`,
      });
    }
    speakerIds.add(speaker.id);
  });
  project.tracks.speech.blocks.forEach((block, index) => {
    if (block.type === 'text' && block.speakerId !== undefined && !speakerIds.has(block.speakerId)) {
      issues.push({
        path: ['tracks', 'speech', 'blocks', index, 'speakerId'],
        message: `names speaker "${block.speakerId}", who is not in the cast`,
      });
    }
  });
  // Edits, selection and undo address blocks by id, so ids must be unique across all tracks.
  const seen = new Set<string>();
  for (const trackName of TRACK_NAMES) {
    project.tracks[trackName].blocks.forEach((block, index) => {
      if (seen.has(block.id)) {
        issues.push({
          path: ['tracks', trackName, 'blocks', index, 'id'],
          message: `duplicate block id "${block.id}" (block ids must be unique in a project)`,
        });
      }
      seen.add(block.id);
    });
  }
  return issues;
}

export type Project = z.infer<typeof projectSchema>;
export type ProjectDefaults = z.infer<typeof projectDefaultsSchema>;
export type GenerationState = z.infer<typeof generationStateSchema>;
export type GeneratedAudio = z.infer<typeof generatedAudioSchema>;
export type Take = z.infer<typeof takeSchema>;
export type GenerationError = z.infer<typeof generationErrorSchema>;
export type TextBlock = z.infer<typeof textBlockSchema>;
export type SfxBlock = z.infer<typeof sfxBlockSchema>;
export type MusicBlock = z.infer<typeof musicBlockSchema>;
export type AudioBlock = z.infer<typeof audioBlockSchema>;
export type SceneBlock = z.infer<typeof sceneBlockSchema>;
export type CustomAudioBlock = z.infer<typeof customAudioBlockSchema>;
export type StemSeparationBlock = z.infer<typeof stemSeparationBlockSchema>;
export type PassthroughBlock = AudioBlock | SceneBlock | CustomAudioBlock | StemSeparationBlock;
export type SpeechTrackBlock = z.infer<typeof speechTrackBlockSchema>;
export type PlacedBlock = SfxBlock | MusicBlock;
export type Block = SpeechTrackBlock | PlacedBlock;
export type BlockType = Block['type'];

export function isPassthroughBlock(block: Block): block is PassthroughBlock {
  return (PASSTHROUGH_BLOCK_TYPES as readonly string[]).includes(block.type);
}

/** The track a block type lives on. */
export function trackOfType(type: BlockType): TrackName {
  if (type === 'sfx') return 'effects';
  if (type === 'music') return 'music';
  return 'speech';
}
