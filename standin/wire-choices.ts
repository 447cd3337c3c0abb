/**
 * Every value the contract leaves "not shown" and the stand-in had to choose. Kept in one place so the README,
 * the validators and the tests agree; the client team assumes the same values (see README).
 */

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

export const PRESETS = ['balance', 'stable', 'expressive'] as const;

export const CONTENT_TYPES = [
  'text',
  'audio',
  'sfx',
  'music',
  'scene',
  'custom_audio',
  'stem_separation',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Keys each block type uses; any other key is dropped silently, as the contract requires. */
export const KEYS_BY_CONTENT_TYPE: Record<ContentType, readonly string[]> = {
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
};

export const RANGES = {
  mosScore: { min: 1, max: 5 },
  sfxLengthS: { min: 1, max: 300 },
  speechRate: { min: 0.5, max: 2 },
  seed: { unset: -1, min: 0, max: 2_147_483_647 },
  emoSwitch: { count: 5, min: 0, max: 10 },
} as const;

/** Default lengths of sfx and music blocks that do not say. */
export const DEFAULT_SFX_LENGTH_S = 4;
export const DEFAULT_MUSIC_LENGTH_S = 8;

export const MAX_CONTENT_BLOCKS = 500;
export const MAX_TEXT_BLOCK_CHARACTERS = 5_000;
export const MAX_GENERATE_BODY_BYTES = 10 * 1024 * 1024;

/** "100 MB" read as 100 MiB: a client that checks 100,000,000 bytes stays on the safe side. */
export const MAX_UPLOAD_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_MULTIPART_FILES = 2;
export const MIN_PROMPT_SPEECH_S = 3;

export const MODEL_VERSIONS = ['v3.0', 'v4.0'] as const;
export const DEFAULT_MODEL_VERSION = 'v3.0';

/** The identifier shape a `lora` value must have. */
export const LORA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Statuses that count as a finished ("usable") voice. */
export const USABLE_VOICE_STATUSES = ['pending', 'lora-success'] as const;

export const REQUEST_ID_HEADER = 'X-Service-App-Request-Id';
