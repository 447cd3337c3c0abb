import { contentHash } from './content-hash.js';
import { defaultsOnlyContext } from './send-context.js';
import { INITIAL_DEFAULTS, createMusicBlock, createSfxBlock, createTextBlock } from './block-factory.js';
import type { ProjectV0 } from './legacy-v0-schema.js';
import { VOLUME_DB_MIN } from './project-schema.js';
import type { Block, GenerationState, ProjectDefaults } from './project-schema.js';
import type { ProjectV1 } from './migrate-v1-to-v2.js';

export interface MigrationContext {
  /** ISO time used where an old file lacks a timestamp. */
  now: string;
}

type V0Block = ProjectV0['blocks'][number];

/**
 * v0 → v1: the flat block list becomes three tracks (text blocks keep their order on the speech track, sfx and
 * music move to their own tracks at their start time), seconds become milliseconds, linear volume becomes dB,
 * and kept audio becomes a 'generated' state hashed against the migrated content.
 */
export function migrateV0ToV1(v0: ProjectV0, context: MigrationContext): ProjectV1 {
  const createdAt = v0.createdAt ?? context.now;
  const defaults: ProjectDefaults = {
    ...INITIAL_DEFAULTS,
    voiceId: v0.voiceId ?? null,
    ...(v0.voiceName === undefined ? {} : { voiceName: v0.voiceName }),
    language: v0.language ?? INITIAL_DEFAULTS.language,
  };
  const project: ProjectV1 = {
    schemaVersion: 1,
    id: v0.id,
    title: v0.name.trim() === '' ? 'Untitled project' : v0.name.trim(),
    ...(v0.serviceUrl === undefined ? {} : { serviceUrl: v0.serviceUrl }),
    createdAt,
    defaults,
    tracks: { speech: { blocks: [] }, effects: { blocks: [] }, music: { blocks: [] } },
  };
  const fixedId = (id: string) => () => id;
  for (const old of v0.blocks) {
    const migrated = migrateBlock(old, defaults, fixedId(old.id));
    const withAudio = { ...migrated, generation: keptAudio(old, migrated, defaults, createdAt) } as Block;
    if (withAudio.type === 'sfx') project.tracks.effects.blocks.push(withAudio);
    else if (withAudio.type === 'music') project.tracks.music.blocks.push(withAudio);
    else project.tracks.speech.blocks.push(withAudio);
  }
  return project;
}

function migrateBlock(old: V0Block, defaults: ProjectDefaults, id: () => string): Block {
  switch (old.type) {
    case 'text':
      return createTextBlock(
        {
          text: old.text,
          // The prototype stored the project voice on every block; only a different voice is an override.
          voiceId: old.voiceId === defaults.voiceId ? undefined : old.voiceId,
          promptId: old.promptId,
          speechRate: old.speechRate,
          pauseAfterMs: old.pause === undefined ? 0 : secondsToMs(old.pause),
          volumeDb: gainToDb(old.volume),
        },
        id,
      );
    case 'sfx':
      return createSfxBlock(
        {
          text: old.text,
          sfx_length: old.length,
          startMs: secondsToMs(old.startTime),
          volumeDb: gainToDb(old.volume),
        },
        id,
      );
    case 'music':
      return createMusicBlock(
        {
          text: old.text,
          sfx_length: old.length,
          startMs: secondsToMs(old.startTime),
          volumeDb: gainToDb(old.volume),
          fadeInMs: secondsToMs(old.fadeIn ?? 0),
          fadeOutMs: secondsToMs(old.fadeOut ?? 0),
        },
        id,
      );
  }
}

function keptAudio(
  old: V0Block,
  block: Block,
  defaults: ProjectDefaults,
  generatedAt: string,
): GenerationState {
  if (old.audio === undefined) return { kind: 'not-generated' };
  return {
    kind: 'generated',
    contentHash: contentHash(block, defaultsOnlyContext(defaults)),
    audio: {
      cacheKey: old.audio.cacheKey,
      durationMs: old.audio.durationMs,
      ...(old.audio.url === undefined ? {} : { remoteUrl: old.audio.url }),
      generatedAt,
    },
  };
}

function secondsToMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** Linear gain → dB; silence (0) maps to the studio's floor. Rounded to 0.1 dB, finer than anyone can hear. */
export function gainToDb(gain: number | undefined): number {
  if (gain === undefined || gain === 1) return 0;
  if (gain <= 0) return VOLUME_DB_MIN;
  return Math.max(VOLUME_DB_MIN, Math.round(20 * Math.log10(gain) * 10) / 10);
}
