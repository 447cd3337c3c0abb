import { stat } from 'node:fs/promises';
import { jobTexts, sentTexts } from '../../../common/jobs/job-texts.js';
import type { RuleViolation, TaskRequestBody } from '../../../common/rules/index.js';
import { stripToTypeKeys, validateVoiceCreation } from '../../../common/rules/index.js';
import { measurePromptSpeechSeconds } from '../voices/prompt-speech.js';
import type { JobLinks, SubmitVoiceInput } from './job-types.js';

/** Turns what callers submit into what is validated, stored and sent. */

/** The body as it will be sent: blocks stripped to their type's keys, the sync flag applied. */
export function prepareTaskBody(body: TaskRequestBody, sync: boolean | undefined): TaskRequestBody {
  const copy: Record<string, unknown> = { ...body };
  if (Array.isArray(copy.contents)) {
    copy.contents = copy.contents.map((block: unknown) =>
      typeof block === 'object' && block !== null && !Array.isArray(block) ? stripToTypeKeys(block) : block,
    );
  }
  if (sync !== undefined) copy.sync = sync;
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  return copy as unknown as TaskRequestBody;
}

/**
 * A local estimate of the characters credits will be frozen for, until the service's own count arrives: counted
 * as the studio estimates credits (every text sent, in code points), so the figure a lost task's warning names
 * is the one the job shows.
 */
export function estimateCharacters(body: TaskRequestBody): number {
  return jobTexts(sentTexts(body)).characters;
}

/**
 * Checks a voice job now (files measured on disk, the prompt's speech measured by decoding it) so the user hears
 * of a broken rule before it is queued. `measureSpeech` is injectable for tests.
 */
export async function checkVoiceJob(
  voice: SubmitVoiceInput['voice'],
  measureSpeech: (filePath: string) => Promise<number | undefined> = measurePromptSpeechSeconds,
): Promise<RuleViolation[]> {
  const [promptSize, avatarSize] = await Promise.all([
    fileSize(voice.prompt.path),
    voice.avatar ? fileSize(voice.avatar.path) : undefined,
  ]);
  // Measured here for every caller; a caller's own figure counts only where main cannot decode the format.
  const measured = promptSize === undefined ? undefined : await measureSpeech(voice.prompt.path);
  const speechSeconds = measured ?? voice.promptSpeechSeconds;
  const speech = speechSeconds === undefined ? {} : { speechSeconds };
  const violations = validateVoiceCreation({
    name: voice.name,
    ...pickDefined(voice, [
      'modelVersion',
      'language',
      'description',
      'vocalFilter',
      'lora',
      'isTest',
      'vcover',
      'train_params',
      'extra_params',
    ]),
    ...(promptSize === undefined ? {} : { prompt: { sizeBytes: promptSize, ...speech } }),
    ...(avatarSize === undefined ? {} : { avatar: { sizeBytes: avatarSize } }),
  });
  if (promptSize !== undefined && speechSeconds === undefined) {
    violations.push({
      path: 'prompt',
      field: 'prompt',
      rule: 'speech-unmeasurable',
      message:
        'Voice: the "prompt" recording is in a format the app cannot measure; record it again or import a WAV, MP3, FLAC or Ogg Opus file.',
    });
  }
  if (promptSize === undefined) {
    violations.unshift({
      path: 'prompt',
      field: 'prompt',
      rule: 'required',
      message: 'Voice: the "prompt" file cannot be read.',
    });
  }
  if (voice.avatar && avatarSize === undefined) {
    violations.push({
      path: 'avatar',
      field: 'avatar',
      rule: 'required',
      message: 'Voice: the "avatar" file cannot be read.',
    });
  }
  return violations;
}

type LinkValues = Required<JobLinks>;
/** Links as a caller may hold them: one it did not give may be undefined (it is left out of the job). */
type GivenLinks = { readonly [Key in keyof LinkValues]?: LinkValues[Key] | undefined };
type LinkCopies = { [Key in keyof LinkValues]: (value: LinkValues[Key]) => LinkValues[Key] };

/**
 * How each link is copied onto a job (lists copied, so later edits by the caller do not leak in). Keyed by every
 * field of JobLinks, so a link added there cannot be left behind here.
 */
const LINK_COPIES: LinkCopies = {
  projectId: (id) => id,
  blockIds: (ids) => [...ids],
  contentHashes: (hashes) => [...hashes],
  takeOf: (hashes) => [...hashes],
  projectTitle: (title) => title,
  voiceName: (name) => name,
};

/** The caller's references kept on a job: those it gave, copied. */
export function pickLinks(source: GivenLinks): JobLinks {
  const links: JobLinks = {};
  for (const key of Object.keys(LINK_COPIES) as (keyof LinkValues)[]) copyLink(source, links, key);
  return links;
}

function copyLink<Key extends keyof LinkValues>(
  source: GivenLinks,
  links: Partial<LinkValues>,
  key: Key,
): void {
  const value = source[key];
  const copy: LinkCopies[Key] = LINK_COPIES[key];
  if (value !== undefined) links[key] = copy(value);
}

function pickDefined<Source extends object, Key extends keyof Source>(
  source: Source,
  keys: readonly Key[],
): Partial<Pick<Source, Key>> {
  const result: Partial<Pick<Source, Key>> = {};
  for (const key of keys) if (source[key] !== undefined) result[key] = source[key];
  return result;
}

async function fileSize(filePath: string): Promise<number | undefined> {
  try {
    const info = await stat(filePath);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}
