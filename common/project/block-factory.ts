import { narratorSpeaker } from './cast-schema.js';
import { CURRENT_SCHEMA_VERSION } from './project-schema.js';
import type { MusicBlock, Project, ProjectDefaults, SfxBlock, TextBlock } from './project-schema.js';

/** Makes ids for new blocks and projects; injectable so tests and undo replays are deterministic. */
export type IdFactory = () => string;

/** Random UUIDs from Web Crypto, which both Node 20 and the renderer provide without an import. */
export const randomId: IdFactory = () => globalThis.crypto.randomUUID();

/** Defaults of a new project: no voice yet (drafting works offline), the default style and the neutral rate. */
export const INITIAL_DEFAULTS: ProjectDefaults = {
  voiceId: null,
  promptId: 'default',
  preset: 'balance',
  language: 'auto',
  speechRate: 1,
};

/** Pause after a new speech block: a short breath, so consecutive blocks do not run together. */
const DEFAULT_PAUSE_AFTER_MS = 300;
const DEFAULT_MUSIC_FADE_MS = 1000;

/**
 * Project defaults a caller sets (the IPC schema's partial parses a missing field as undefined): a field left
 * undefined keeps the initial default, as createProject drops it.
 */
export type DefaultsOverride = { [Field in keyof ProjectDefaults]?: ProjectDefaults[Field] | undefined };

export interface NewProjectInput {
  title: string;
  serviceUrl?: string | undefined;
  defaults?: DefaultsOverride | undefined;
  textBlocks?: readonly string[];
  id?: string;
  createdAt?: string;
}

export function createProject(input: NewProjectInput, newId: IdFactory = randomId): Project {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    id: input.id ?? newId(),
    title: input.title,
    ...(input.serviceUrl === undefined ? {} : { serviceUrl: input.serviceUrl }),
    createdAt: input.createdAt ?? new Date().toISOString(),
    defaults: { ...INITIAL_DEFAULTS, ...definedOnly(input.defaults ?? {}) },
    cast: [narratorSpeaker()],
    lexicon: [],
    tracks: {
      speech: { blocks: (input.textBlocks ?? []).map((text) => createTextBlock({ text }, newId)) },
      effects: { blocks: [] },
      music: { blocks: [] },
    },
  };
}

type TextBlockInput = Partial<Omit<TextBlock, 'type' | 'generation'>>;

export function createTextBlock(input: TextBlockInput = {}, newId: IdFactory = randomId): TextBlock {
  return {
    ...definedOnly(input),
    id: input.id ?? newId(),
    type: 'text',
    text: input.text ?? '',
    pauseAfterMs: input.pauseAfterMs ?? DEFAULT_PAUSE_AFTER_MS,
    volumeDb: input.volumeDb ?? 0,
    locked: input.locked ?? false,
    generation: { kind: 'not-generated' },
  };
}

type SfxBlockInput = Partial<Omit<SfxBlock, 'type' | 'generation'>>;

export function createSfxBlock(input: SfxBlockInput = {}, newId: IdFactory = randomId): SfxBlock {
  return {
    ...definedOnly(input),
    id: input.id ?? newId(),
    type: 'sfx',
    text: input.text ?? '',
    startMs: input.startMs ?? 0,
    volumeDb: input.volumeDb ?? 0,
    locked: input.locked ?? false,
    generation: { kind: 'not-generated' },
  };
}

type MusicBlockInput = Partial<Omit<MusicBlock, 'type' | 'generation'>>;

/** Music starts 6 dB down so it sits under speech by default. */
export function createMusicBlock(input: MusicBlockInput = {}, newId: IdFactory = randomId): MusicBlock {
  return {
    ...definedOnly(input),
    id: input.id ?? newId(),
    type: 'music',
    text: input.text ?? '',
    startMs: input.startMs ?? 0,
    volumeDb: input.volumeDb ?? -6,
    fadeInMs: input.fadeInMs ?? DEFAULT_MUSIC_FADE_MS,
    fadeOutMs: input.fadeOutMs ?? DEFAULT_MUSIC_FADE_MS,
    locked: input.locked ?? false,
    generation: { kind: 'not-generated' },
  };
}

/** Drops keys whose value is undefined, so optional parameters are absent rather than present-but-undefined. */
function definedOnly<T extends object>(value: T): { [Key in keyof T]?: Exclude<T[Key], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as {
    [Key in keyof T]?: Exclude<T[Key], undefined>;
  };
}
