import type { RuleId, RuleViolation } from './violation.js';
import {
  LANGUAGES,
  MAX_UPLOAD_FILES,
  MAX_UPLOAD_FILE_BYTES,
  MIN_SPEECH_SECONDS,
  MODEL_VERSIONS,
  isLanguage,
  isModelVersion,
} from './vocabulary.js';

/** What is known locally about a file before it is uploaded. */
export interface VoiceFileFacts {
  sizeBytes: number;
  /** Seconds of actual speech (silence excluded), when it was measured; the service needs at least 3. */
  speechSeconds?: number;
}

/**
 * The fields of `POST /api/voice`, written once: each file is a `VoiceFile`, by default its facts (what the rules
 * check); main's upload uses the same fields with each file given by where its bytes come from.
 */
export interface VoiceCreationInput<VoiceFile = VoiceFileFacts> {
  name?: string;
  /** `v3.0` (default when omitted) or `v4.0` (preview). */
  modelVersion?: string;
  /** Language code or `auto`; a professional clone needs a concrete one. */
  language?: string;
  description?: string;
  vocalFilter?: boolean;
  /** Requests a professional clone; identifier-shaped. */
  lora?: string;
  isTest?: boolean;
  vcover?: unknown;
  train_params?: unknown;
  extra_params?: unknown;
  prompt?: VoiceFile;
  avatar?: VoiceFile;
}

/** `lora` is "identifier-shaped": letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MEGABYTE = 1024 * 1024;

/**
 * Checks a voice creation against the contract's rules: model version, professional-clone language, the
 * fields v4.0 rejects, file size and count limits and the 3-second speech floor (when speech was measured).
 */
export function validateVoiceCreation(input: VoiceCreationInput): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const add = (field: string, rule: RuleId, message: string): void => {
    violations.push({ path: field, field, rule, message: `Voice: ${message}` });
  };

  if (input.name === undefined) add('name', 'required', '"name" is required.');
  else if (typeof input.name !== 'string') add('name', 'wrong-type', '"name" must be a string.');
  else if (input.name.trim() === '') add('name', 'not-empty', '"name" must not be empty.');

  const version = input.modelVersion;
  if (version !== undefined && !isModelVersion(version)) {
    add(
      'modelVersion',
      'model-version',
      `"modelVersion" must be ${MODEL_VERSIONS.join(' or ')} (got "${String(version)}").`,
    );
  }

  const isProClone = input.lora !== undefined;
  if (input.language !== undefined && !isLanguage(input.language)) {
    add('language', 'not-in-list', `"language" must be "auto" or one of ${LANGUAGES.slice(1).join(', ')}.`);
  } else if (isProClone && (input.language === undefined || input.language === 'auto')) {
    add(
      'language',
      'pro-clone-language',
      '"language" must be a concrete language for a professional clone (lora); "auto" is not allowed.',
    );
  }

  if (version === 'v4.0') {
    for (const field of ['lora', 'isTest', 'vcover'] as const) {
      if (input[field] !== undefined)
        add(field, 'v4-forbidden', `"${field}" is not allowed with modelVersion v4.0 (use v3.0 for it).`);
    }
  }
  if (isProClone && (typeof input.lora !== 'string' || !IDENTIFIER.test(input.lora))) {
    add('lora', 'wrong-type', '"lora" must be an identifier (letters, digits, ".", "_" or "-").');
  }
  for (const field of ['vocalFilter', 'isTest'] as const) {
    const value = input[field];
    if (value !== undefined && typeof value !== 'boolean')
      add(field, 'wrong-type', `"${field}" must be true or false.`);
  }
  if (input.description !== undefined && typeof input.description !== 'string') {
    add('description', 'wrong-type', '"description" must be a string.');
  }

  validateFiles(input, add);
  return violations;
}

function validateFiles(
  input: VoiceCreationInput,
  add: (field: string, rule: RuleId, message: string) => void,
): void {
  const { prompt, avatar } = input;
  if (prompt === undefined) {
    add('prompt', 'required', '"prompt" (the reference recording) is required.');
  } else {
    if (prompt.sizeBytes > MAX_UPLOAD_FILE_BYTES) {
      add(
        'prompt',
        'prompt-too-large',
        `"prompt" must be at most ${MAX_UPLOAD_FILE_BYTES / MEGABYTE} MB (it is ${formatMegabytes(prompt.sizeBytes)}).`,
      );
    }
    if (prompt.sizeBytes <= 0) add('prompt', 'not-empty', '"prompt" is an empty file.');
    if (prompt.speechSeconds !== undefined && prompt.speechSeconds < MIN_SPEECH_SECONDS) {
      add(
        'prompt',
        'speech-too-short',
        `"prompt" must contain at least ${MIN_SPEECH_SECONDS} seconds of speech (it has ${prompt.speechSeconds.toFixed(1)} s).`,
      );
    }
  }
  if (avatar !== undefined && avatar.sizeBytes > MAX_UPLOAD_FILE_BYTES) {
    add(
      'avatar',
      'file-too-large',
      `"avatar" must be at most ${MAX_UPLOAD_FILE_BYTES / MEGABYTE} MB (it is ${formatMegabytes(avatar.sizeBytes)}).`,
    );
  }
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/**
 * The multipart limit of two files. VoiceCreationInput can only describe two (prompt and avatar), so this is
 * for whoever assembles the upload: the multipart builder checks the parts it is about to send.
 */
export function validateUploadFileCount(fileCount: number): RuleViolation[] {
  if (fileCount <= MAX_UPLOAD_FILES) return [];
  return [
    {
      path: 'files',
      field: 'files',
      rule: 'too-many-files',
      message: `Voice: at most ${MAX_UPLOAD_FILES} files can be uploaded (got ${fileCount}).`,
    },
  ];
}
