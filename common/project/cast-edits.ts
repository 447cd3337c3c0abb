import { lexiconRulesSchema } from '../pronunciation/lexicon-schema.js';
import type { LexiconRule } from '../pronunciation/lexicon-schema.js';
import type { IdFactory } from './block-factory.js';
import { randomId } from './block-factory.js';
import { NARRATOR_ID, SPEAKER_PALETTE, speakerSchema } from './cast-schema.js';
import type { Speaker } from './cast-schema.js';
import { ProjectEditError } from './edit-error.js';
import { describeFirstIssue } from './issue-path.js';
import { PROJECT_LIMITS } from './project-limits.js';
import type { Project, SpeechTrackBlock } from './project-schema.js';

/*
 * Edits of the cast and the project's lexicon. Like every edit they return a new project and leave the one passed
 * in untouched; what turns stale follows from the content hashes (a speaker's voice fills its blocks' voice).
 */

export type SpeakerPatch = Partial<{ [K in keyof Omit<Speaker, 'id'>]: Speaker[K] | undefined }>;

/** Adds a speaker with the next free colour; names are unique in a cast (ignoring case). */
export function addSpeaker(
  project: Project,
  input: { name: string } & SpeakerPatch,
  newId: IdFactory = randomId,
): { project: Project; speaker: Speaker } {
  if (project.cast.length >= PROJECT_LIMITS.speakers) {
    throw new ProjectEditError({
      field: 'cast',
      rule: 'out-of-range',
      message: `A cast holds at most ${PROJECT_LIMITS.speakers} speakers.`,
    });
  }
  const used = new Set(project.cast.map((speaker) => speaker.colour));
  const colour =
    input.colour ??
    SPEAKER_PALETTE.find((candidate) => !used.has(candidate)) ??
    SPEAKER_PALETTE[project.cast.length % SPEAKER_PALETTE.length]!;
  const speaker = checkedSpeaker(project, { ...definedOnly(input), id: newId(), colour } as Speaker);
  return { project: { ...project, cast: [...project.cast, speaker] }, speaker };
}

/** Changes a speaker: its name, colour, voice or parameters (undefined removes a parameter: the defaults apply). */
export function updateSpeaker(project: Project, speakerId: string, patch: SpeakerPatch): Project {
  const current = requireSpeaker(project, speakerId);
  const merged: Record<string, unknown> = { ...current };
  if ('voiceId' in patch && patch.voiceId !== current.voiceId && !('voiceName' in patch))
    delete merged.voiceName;
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  const speaker = checkedSpeaker(project, merged as Speaker);
  return { ...project, cast: project.cast.map((entry) => (entry.id === speakerId ? speaker : entry)) };
}

/** Removes a speaker; its lines go back to the narrator (who cannot be removed). */
export function removeSpeaker(project: Project, speakerId: string): Project {
  requireSpeaker(project, speakerId);
  if (speakerId === NARRATOR_ID) {
    throw new ProjectEditError({
      field: 'cast',
      rule: 'read-only',
      message: 'The narrator cannot be removed: lines without a speaker are theirs.',
    });
  }
  const blocks = project.tracks.speech.blocks.map((block): SpeechTrackBlock => {
    if (block.type !== 'text' || block.speakerId !== speakerId) return block;
    const { speakerId: _removed, ...rest } = block;
    return rest;
  });
  return {
    ...project,
    cast: project.cast.filter((speaker) => speaker.id !== speakerId),
    tracks: { ...project.tracks, speech: { blocks } },
  };
}

/** Gives text blocks to a speaker (the narrator's lines carry no speaker id). Locked blocks are refused. */
export function assignSpeaker(project: Project, blockIds: readonly string[], speakerId: string): Project {
  requireSpeaker(project, speakerId);
  const wanted = new Set(blockIds);
  const blocks = project.tracks.speech.blocks.map((block): SpeechTrackBlock => {
    if (!wanted.has(block.id) || block.type !== 'text') return block;
    if (block.locked) {
      throw new ProjectEditError({
        field: 'speakerId',
        rule: 'locked',
        blockId: block.id,
        message: 'A locked block keeps its speaker: unlock it first.',
      });
    }
    const { speakerId: _old, ...rest } = block;
    return speakerId === NARRATOR_ID ? rest : { ...rest, speakerId };
  });
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

/** Replaces the project's pronunciation rules (checked: terms, lengths, how many). */
export function setProjectLexicon(project: Project, rules: readonly LexiconRule[]): Project {
  const checked = lexiconRulesSchema.safeParse(rules);
  if (!checked.success) {
    const { fieldPath, problem } = describeFirstIssue(checked.error);
    const index = Number(fieldPath.match(/^\[(\d+)\]/u)?.[1] ?? Number.NaN);
    throw new ProjectEditError({
      field: `lexicon${fieldPath}`,
      rule: 'out-of-range',
      message: Number.isNaN(index)
        ? `The lexicon ${problem}.`
        : `Pronunciation rule ${index + 1}: ${fieldPath.replace(/^\[\d+\]\.?/u, '') || 'rule'} ${problem}.`,
    });
  }
  return { ...project, lexicon: checked.data };
}

function requireSpeaker(project: Project, speakerId: string): Speaker {
  const speaker = project.cast.find((entry) => entry.id === speakerId);
  if (!speaker) {
    throw new ProjectEditError({
      field: 'speakerId',
      rule: 'not-found',
      message: `There is no speaker "${speakerId}" in this project's cast.`,
    });
  }
  return speaker;
}

function checkedSpeaker(project: Project, candidate: Speaker): Speaker {
  const parsed = speakerSchema.safeParse(candidate);
  if (!parsed.success) {
    const { fieldPath, problem } = describeFirstIssue(parsed.error);
    throw new ProjectEditError({
      field: `cast.${fieldPath}`,
      rule: 'out-of-range',
      message: `Speaker ${fieldPath} ${problem}.`,
    });
  }
  const name = parsed.data.name.toLocaleLowerCase();
  const clash = project.cast.find(
    (speaker) => speaker.id !== parsed.data.id && speaker.name.toLocaleLowerCase() === name,
  );
  if (clash) {
    throw new ProjectEditError({
      field: 'cast.name',
      rule: 'duplicate-id',
      message: `The cast already has a speaker called “${clash.name}”.`,
    });
  }
  return parsed.data;
}

function definedOnly<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as T;
}
