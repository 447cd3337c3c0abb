import { ServiceError, badParams } from '../http/service-error.js';
import { DEFAULT_MODEL_VERSION, LANGUAGES, LORA_PATTERN, MODEL_VERSIONS } from '../wire-choices.js';
import type { VoiceUpload } from './voice-upload.js';

export interface VoiceFields {
  name: string;
  description: string;
  language: string;
  modelVersion: (typeof MODEL_VERSIONS)[number];
  vocalFilter: boolean;
  lora: string | undefined;
  isTest: boolean | undefined;
  /** Name-only fields (contract): kept as received, after JSON decoding in multipart. */
  passThrough: { vcover?: unknown; train_params?: unknown; extra_params?: unknown };
}

const MAX_NAME_CHARACTERS = 100;
const MAX_DESCRIPTION_CHARACTERS = 1000;
const JSON_FIELDS = ['vcover', 'train_params', 'extra_params'] as const;

/**
 * Validates the fields of a voice creation in the contract's order of concern: the model version first (never
 * silently downgraded), then what v4.0 does not offer (one message per field, same code), then each field.
 * Multipart sends booleans as the strings `true`/`false` and JSON fields as JSON-encoded strings.
 */
export function parseVoiceFields(upload: VoiceUpload): VoiceFields {
  const { fields, encoding } = upload;
  const modelVersion = fields.modelVersion ?? DEFAULT_MODEL_VERSION;
  if (typeof modelVersion !== 'string' || !(MODEL_VERSIONS as readonly string[]).includes(modelVersion)) {
    throw new ServiceError(
      400,
      'VOICE_MODEL_VERSION_INVALID',
      `modelVersion must be one of ${MODEL_VERSIONS.join(', ')}; got ${JSON.stringify(modelVersion)}`,
    );
  }
  if (modelVersion === 'v4.0') {
    if (fields.lora !== undefined) {
      throw badParams('lora (professional cloning) is not available with modelVersion v4.0; use v3.0');
    }
    if (fields.isTest !== undefined) throw badParams('isTest is not available with modelVersion v4.0');
    if (fields.vcover !== undefined) throw badParams('vcover is not available with modelVersion v4.0');
  }
  const name = fields.name;
  if (typeof name !== 'string' || name.trim() === '' || [...name].length > MAX_NAME_CHARACTERS) {
    throw badParams(`name is required: a non-blank string of at most ${MAX_NAME_CHARACTERS} characters`);
  }
  const description = fields.description ?? '';
  if (typeof description !== 'string' || [...description].length > MAX_DESCRIPTION_CHARACTERS) {
    throw badParams(`description must be a string of at most ${MAX_DESCRIPTION_CHARACTERS} characters`);
  }
  const language = fields.language ?? 'auto';
  if (typeof language !== 'string' || !(LANGUAGES as readonly string[]).includes(language)) {
    throw badParams(`language must be one of ${LANGUAGES.join(', ')}`);
  }
  const vocalFilter = readBoolean(fields, 'vocalFilter', encoding) ?? false;
  const isTest = readBoolean(fields, 'isTest', encoding);
  const lora = fields.lora;
  if (lora !== undefined && (typeof lora !== 'string' || !LORA_PATTERN.test(lora))) {
    throw badParams('lora must be an identifier: letters, digits, _ . - (1 to 64 characters)');
  }
  if (lora !== undefined && language === 'auto') {
    throw badParams('a professional clone (lora) needs a concrete language; auto is rejected');
  }
  const passThrough: VoiceFields['passThrough'] = {};
  for (const key of JSON_FIELDS) {
    if (fields[key] !== undefined) passThrough[key] = readJsonField(fields, key, encoding);
  }
  if (!upload.files.prompt) throw badParams('prompt is required: the reference audio as a file or data URL');
  return {
    name: name.trim(),
    description,
    language,
    modelVersion: modelVersion as VoiceFields['modelVersion'],
    vocalFilter,
    lora,
    isTest,
    passThrough,
  };
}

function readBoolean(
  fields: Record<string, unknown>,
  key: string,
  encoding: VoiceUpload['encoding'],
): boolean | undefined {
  const value = fields[key];
  if (value === undefined) return undefined;
  if (encoding === 'multipart') {
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw badParams(`${key} must be the string true or false in multipart`);
  }
  if (typeof value !== 'boolean') throw badParams(`${key} must be a boolean`);
  return value;
}

function readJsonField(
  fields: Record<string, unknown>,
  key: string,
  encoding: VoiceUpload['encoding'],
): unknown {
  const value = fields[key];
  if (encoding === 'json') return value;
  try {
    return JSON.parse(String(value)) as unknown;
  } catch {
    throw badParams(`${key} must be a JSON-encoded string in multipart`);
  }
}
