/**
 * The service contract's vocabulary and limits, written once. Where the contract says "not shown" the values
 * are the wire choices the stand-in enforces (standin/wire-choices.ts); the client stays tolerant of
 * variants in responses but is strict about what it sends.
 */

/** Languages accepted in content blocks and voices; `auto` lets the service detect the language. */
export const LANGUAGES = [
  'auto',
  'en',
  'zh',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'ar',
  'hi',
  'id',
  'vi',
  'th',
  'tr',
  'pl',
  'nl',
  'sv',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Synthesis parameter presets; `balance` is the service default. */
export const PRESETS = ['balance', 'stable', 'expressive'] as const;
export type Preset = (typeof PRESETS)[number];

export const BLOCK_TYPES = [
  'text',
  'audio',
  'sfx',
  'music',
  'scene',
  'custom_audio',
  'stem_separation',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/**
 * Keys each block type uses. The service drops every other key silently, so a misspelt parameter would do
 * nothing without a word: the client sends only these (see stripToTypeKeys).
 */
export const BLOCK_TYPE_KEYS = {
  text: [
    'type',
    'voiceId',
    'text',
    'promptId',
    'preset',
    'language',
    'break_clone',
    'vivid',
    'emo_switch',
    'speechRate',
    'flash',
    'stream',
    'seed',
    'mos_score',
  ],
  sfx: ['type', 'text', 'sfx_length', 'seed'],
  music: ['type', 'text', 'sfx_length', 'seed'],
  audio: ['type', 'audio', 'text'],
  custom_audio: ['type', 'audio', 'text'],
  scene: ['type', 'text', 'voiceId', 'promptId', 'language', 'seed'],
  stem_separation: ['type', 'audio'],
} as const satisfies Record<BlockType, readonly string[]>;

/** Fields a block of each type must carry (besides `type`). */
export const BLOCK_REQUIRED_KEYS = {
  text: ['voiceId', 'text'],
  sfx: ['text'],
  music: ['text'],
  audio: ['audio'],
  custom_audio: ['audio'],
  scene: [],
  stem_separation: ['audio'],
} as const satisfies Record<BlockType, readonly string[]>;

/** Inclusive numeric ranges of block parameters. */
export const RANGES = {
  mos_score: { min: 1, max: 5 },
  sfx_length: { min: 1, max: 300 },
  speechRate: { min: 0.5, max: 2 },
  emo_switch: { min: 0, max: 10 },
} as const;

export const EMO_SWITCH_LENGTH = 5;
/** `seed` is an integer: -1 means "unset", otherwise 0..2^31-1. */
export const SEED_UNSET = -1;
export const SEED_MAX = 2_147_483_647;

export const MODEL_VERSIONS = ['v3.0', 'v4.0'] as const;
export type ModelVersion = (typeof MODEL_VERSIONS)[number];
/**
 * "100 MB" read as 100 MiB, the way upload limits are usually configured (nginx `100m`, multer). A file between
 * 100 MB and 100 MiB is let through locally; if the service counts decimally its 413 still names the problem.
 */
export const MAX_UPLOAD_FILE_BYTES = 100 * 1024 * 1024;
/** Multipart voice creation carries at most two files: the prompt and the avatar. */
export const MAX_UPLOAD_FILES = 2;
export const MIN_SPEECH_SECONDS = 3;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isPreset(value: unknown): value is Preset {
  return typeof value === 'string' && (PRESETS as readonly string[]).includes(value);
}

export function isBlockType(value: unknown): value is BlockType {
  return typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value);
}

export function isModelVersion(value: unknown): value is ModelVersion {
  return typeof value === 'string' && (MODEL_VERSIONS as readonly string[]).includes(value);
}
