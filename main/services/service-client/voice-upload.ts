import path from 'node:path';
import type { VoiceCreationInput } from '../../../common/rules/index.js';
import { validateUploadFileCount, validateVoiceCreation } from '../../../common/rules/index.js';
import { extensionForMediaType, mediaTypeForPath } from '../media/content-type.js';
import type { FileSource, MultipartPart } from './multipart-body.js';
import { multipartBody } from './multipart-body.js';
import type { RequestBody } from './request-body.js';
import { jsonBody } from './request-body.js';
import { ServiceError, validationError } from './service-error.js';
import { asUserFileError, openUserFile, readUserFile } from '../storage/user-file.js';

/**
 * A voice file is opened as any file a user names (never waiting on a named pipe, a device refused); its size is
 * then held to the contract's MAX_UPLOAD_FILE_BYTES by validateVoiceCreation, whose message names the field, and
 * its bytes to that measured size while they are read or streamed.
 */
const VOICE_FILE_OPEN = { maxBytes: Number.MAX_SAFE_INTEGER, what: 'a voice file' };

/**
 * Up to this many bytes of files, a voice is created with a JSON body carrying data URLs (simple, one buffer,
 * about 10.7 MB once base64-encoded); above it, with multipart/form-data streamed from disk so a 100 MB prompt
 * never sits in memory.
 */
export const MULTIPART_THRESHOLD_BYTES = 8 * 1024 * 1024;

/** A file to upload: a path on disk (streamed), or bytes in memory (e.g. a fresh recording). */
export type UploadSource =
  | { path: string; mediaType?: string; fileName?: string }
  | { data: Uint8Array; mediaType: string; fileName?: string };

/**
 * A voice to create: the contract's fields (VoiceCreationInput) with its files to upload. The studio always names
 * the voice and sends a prompt.
 */
export interface CreateVoiceInput extends VoiceCreationInput<UploadSource> {
  name: string;
  prompt: UploadSource;
  /** Seconds of speech in the prompt, when measured; below 3 s the call is refused locally. */
  promptSpeechSeconds?: number;
}

export type VoiceEncoding = 'auto' | 'json' | 'multipart';

const SCALAR_FIELDS = ['name', 'modelVersion', 'language', 'description', 'lora'] as const;
const BOOLEAN_FIELDS = ['vocalFilter', 'isTest'] as const;
const JSON_FIELDS = ['vcover', 'train_params', 'extra_params'] as const;

interface ResolvedFile {
  field: 'prompt' | 'avatar';
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  source: FileSource;
}

/** Validates the voice locally (file sizes measured on disk) and builds the body in the fitting encoding. */
export async function buildVoiceBody(input: CreateVoiceInput, encoding: VoiceEncoding): Promise<RequestBody> {
  const files = await resolveFiles(input);
  const prompt = files.find((file) => file.field === 'prompt');
  const avatar = files.find((file) => file.field === 'avatar');
  const facts: VoiceCreationInput = {
    ...pickDefined(input, [...SCALAR_FIELDS, ...BOOLEAN_FIELDS, ...JSON_FIELDS]),
    ...(prompt ? { prompt: { sizeBytes: prompt.sizeBytes, ...speech(input.promptSpeechSeconds) } } : {}),
    ...(avatar ? { avatar: { sizeBytes: avatar.sizeBytes } } : {}),
  };
  const violations = [...validateVoiceCreation(facts), ...validateUploadFileCount(files.length)];
  if (violations.length > 0) throw validationError(violations);

  const totalBytes = files.reduce((sum, file) => sum + file.sizeBytes, 0);
  const useMultipart =
    encoding === 'multipart' || (encoding === 'auto' && totalBytes > MULTIPART_THRESHOLD_BYTES);
  return useMultipart ? multipartBody(toParts(input, files)) : jsonBody(await toJson(input, files));
}

function speech(seconds: number | undefined): { speechSeconds?: number } {
  return seconds === undefined ? {} : { speechSeconds: seconds };
}

function pickDefined<Key extends keyof CreateVoiceInput>(
  input: CreateVoiceInput,
  keys: readonly Key[],
): Partial<Pick<CreateVoiceInput, Key>> {
  const result: Partial<Pick<CreateVoiceInput, Key>> = {};
  for (const key of keys) if (input[key] !== undefined) result[key] = input[key];
  return result;
}

async function resolveFiles(input: CreateVoiceInput): Promise<ResolvedFile[]> {
  const entries: Array<['prompt' | 'avatar', UploadSource]> = [['prompt', input.prompt]];
  if (input.avatar) entries.push(['avatar', input.avatar]);
  return Promise.all(entries.map(([field, source]) => resolveFile(field, source)));
}

async function resolveFile(field: 'prompt' | 'avatar', source: UploadSource): Promise<ResolvedFile> {
  if ('data' in source) {
    return {
      field,
      fileName: source.fileName ?? `${field}${extensionForMediaType(source.mediaType)}`,
      mediaType: source.mediaType,
      sizeBytes: source.data.byteLength,
      source: { data: source.data },
    };
  }
  let sizeBytes: number;
  try {
    const handle = await openUserFile(source.path, VOICE_FILE_OPEN);
    try {
      sizeBytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
  } catch (error) {
    const message = `Voice "${field}": ${asUserFileError(error, source.path, 'read').message}`;
    throw new ServiceError({
      kind: 'validation',
      code: 'UPLOAD_FILE_UNREADABLE',
      message,
      retryable: false,
      requestSent: false,
      violations: [{ path: field, field, rule: 'required', message }],
    });
  }
  return {
    field,
    fileName: source.fileName ?? path.basename(source.path),
    mediaType: source.mediaType ?? mediaTypeForPath(source.path),
    sizeBytes,
    source: { path: source.path },
  };
}

function toParts(input: CreateVoiceInput, files: readonly ResolvedFile[]): MultipartPart[] {
  const parts: MultipartPart[] = [];
  for (const key of SCALAR_FIELDS) {
    const value = input[key];
    if (value !== undefined) parts.push({ kind: 'field', name: key, value });
  }
  // Multipart carries booleans as the strings true/false and JSON fields as JSON-encoded strings.
  for (const key of BOOLEAN_FIELDS) {
    const value = input[key];
    if (value !== undefined) parts.push({ kind: 'field', name: key, value: value ? 'true' : 'false' });
  }
  for (const key of JSON_FIELDS) {
    const value = input[key];
    if (value !== undefined) parts.push({ kind: 'field', name: key, value: JSON.stringify(value) });
  }
  for (const file of files) {
    parts.push({
      kind: 'file',
      name: file.field,
      fileName: file.fileName,
      mediaType: file.mediaType,
      sizeBytes: file.sizeBytes,
      source: file.source,
    });
  }
  return parts;
}

async function toJson(
  input: CreateVoiceInput,
  files: readonly ResolvedFile[],
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = pickDefined(input, [
    ...SCALAR_FIELDS,
    ...BOOLEAN_FIELDS,
    ...JSON_FIELDS,
  ]);
  for (const file of files) {
    const bytes =
      'data' in file.source
        ? Buffer.from(file.source.data)
        : await readUserFile(file.source.path, {
            maxBytes: file.sizeBytes,
            what: `the "${file.field}" file`,
          });
    body[file.field] = `data:${file.mediaType};base64,${bytes.toString('base64')}`;
  }
  return body;
}
