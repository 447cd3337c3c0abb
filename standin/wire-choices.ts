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

/** Every status the stand-in gives a task: the contract names pending, processing and generated; a failure reads `failed`. */
export const TASK_STATUSES = ['pending', 'processing', 'generated', 'failed'] as const;

/**
 * Every status the stand-in gives a voice: a quick clone goes creating → pending (ready to use), a professional one
 * lora-pending → lora-awaiting → lora-success; either may end `failed`.
 */
export const VOICE_STATUSES = [
  'creating',
  'pending',
  'lora-pending',
  'lora-awaiting',
  'lora-success',
  'failed',
] as const;
export type VoiceStatus = (typeof VOICE_STATUSES)[number];

/** Statuses that count as a finished ("usable") voice. */
export const USABLE_VOICE_STATUSES = ['pending', 'lora-success'] as const satisfies readonly VoiceStatus[];

/** Statuses of a voice still being made: the stand-in carries them on by itself, and resumes them at its next start. */
export const UNFINISHED_VOICE_STATUSES = [
  'creating',
  'lora-pending',
  'lora-awaiting',
] as const satisfies readonly VoiceStatus[];

/**
 * Every error code the stand-in answers with by itself (ServiceError takes only these); a fault injected through the
 * admin surface may name any other.
 */
export const ERROR_CODES = [
  'VALIDATION_BAD_REQUEST',
  'VALIDATION_BAD_PARAMS',
  'VALIDATION_CONFLICT',
  'TTS_CONTENTS_INVALID',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'TASK_NOT_FOUND',
  'VOICE_NOT_FOUND',
  'SPLITTER_NOT_FOUND',
  'CREDITS_INSUFFICIENT',
  'UPLOAD_TOO_LARGE',
  'VOICE_PROMPT_INVALID',
  'VOICE_PROMPT_TOO_SHORT',
  'VOICE_PROMPT_TOO_LARGE',
  'VOICE_MODEL_VERSION_INVALID',
  'PRO_CLONE_FORBIDDEN',
  'PRO_CLONE_QUOTA_EXCEEDED',
  'RATE_LIMIT_EXCEEDED',
  'RATE_LIMIT_QUOTA',
  'STREAM_TIMEOUT',
  'INTERNAL_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const REQUEST_ID_HEADER = 'X-Service-App-Request-Id';
