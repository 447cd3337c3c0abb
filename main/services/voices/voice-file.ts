import { createHash } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import type { VoiceEntry } from './voice-entry.js';
import { voiceEntrySchema } from './voice-entry.js';

const FILE_VERSION = 1;

/** Removed job ids remembered so a replayed job cannot bring its voice back; the oldest are forgotten first. */
export const MAX_REMOVED_JOB_IDS = 1000;

/** Removed voices' two ids remembered, so "Add by id" takes either to add one back; the oldest go first. */
export const MAX_REMOVED_VOICES = 1000;

const removedVoiceSchema = z.object({ id: z.string(), idForGenerate: z.string() });
export type RemovedVoice = z.infer<typeof removedVoiceSchema>;

const fileSchema = z.object({
  version: z.literal(FILE_VERSION),
  serviceUrl: z.string(),
  voices: z.array(z.unknown()),
  removedJobIds: z.array(z.string()).default([]),
  // Added after the first release of this format: files without it read as none removed.
  removedVoices: z.array(removedVoiceSchema).default([]),
});

/** What one service's library holds. */
export interface VoiceFileState {
  voices: VoiceEntry[];
  /** Jobs whose voice the user removed (or whose failed attempt a retry replaced). */
  removedJobIds: string[];
  /** Voices the user removed: their voice id and generation id. */
  removedVoices: RemovedVoice[];
}

export interface VoiceFileLoad {
  state: VoiceFileState;
  /** Set when the file was damaged: where the original was moved, and what could still be used. */
  damage?: { movedTo: string; reason: string; keptVoices: number; droppedVoices: number };
}

/**
 * The library file of one service: `<dataDir>/voices/<host>-<port>-<hash>.json`. The readable part helps a
 * person find it; the hash of the whole normalised URL keeps two services on one host (different paths)
 * apart, and nothing of the URL other than host and port reaches the file system.
 */
export function voiceFilePath(dataDir: string, serviceUrl: string): string {
  const url = new URL(serviceUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const readable = `${url.hostname}-${port}`.replace(/[^a-zA-Z0-9.-]/g, '_').slice(0, 100);
  const hash = createHash('sha256').update(serviceUrl).digest('hex').slice(0, 12);
  return path.join(dataDir, 'voices', `${readable}-${hash}.json`);
}

/**
 * Reads and checks the file. A damaged file is never trusted: it is moved aside (kept for support) and only
 * entries that pass the full entry schema one by one are kept; if the file itself cannot be read as a library
 * of this service, the library starts empty.
 */
export async function loadVoiceFile(filePath: string, serviceUrl: string): Promise<VoiceFileLoad> {
  const text = await readFileIfExists(filePath);
  if (text === undefined) return { state: { voices: [], removedJobIds: [], removedVoices: [] } };

  let parsed: z.infer<typeof fileSchema>;
  try {
    parsed = fileSchema.parse(JSON.parse(text));
  } catch (error) {
    const reason =
      error instanceof SyntaxError ? 'the file is not valid JSON' : 'the file is not a voice library';
    return {
      state: { voices: [], removedJobIds: [], removedVoices: [] },
      damage: { movedTo: await moveAside(filePath), reason, keptVoices: 0, droppedVoices: 0 },
    };
  }
  if (parsed.serviceUrl !== serviceUrl) {
    return {
      state: { voices: [], removedJobIds: [], removedVoices: [] },
      damage: {
        movedTo: await moveAside(filePath),
        reason: 'the file belongs to another service',
        keptVoices: 0,
        droppedVoices: parsed.voices.length,
      },
    };
  }

  const voices: VoiceEntry[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const candidate of parsed.voices) {
    const entry = voiceEntrySchema.safeParse(candidate);
    if (!entry.success || seen.has(entry.data.id)) {
      dropped += 1;
      continue;
    }
    seen.add(entry.data.id);
    voices.push(entry.data);
  }
  const state = {
    voices,
    removedJobIds: parsed.removedJobIds.slice(-MAX_REMOVED_JOB_IDS),
    removedVoices: parsed.removedVoices.slice(-MAX_REMOVED_VOICES),
  };
  if (dropped === 0) return { state };
  return {
    state,
    damage: {
      movedTo: await moveAside(filePath),
      reason: `${dropped} voice entr${dropped === 1 ? 'y is' : 'ies are'} damaged`,
      keptVoices: voices.length,
      droppedVoices: dropped,
    },
  };
}

/** Atomic write (temp file, fsync, rename): a crash leaves the old library or the new one, never a mix. */
export async function saveVoiceFile(
  filePath: string,
  serviceUrl: string,
  state: VoiceFileState,
): Promise<void> {
  await writeJsonAtomic(filePath, {
    version: FILE_VERSION,
    serviceUrl,
    voices: state.voices,
    removedJobIds: state.removedJobIds.slice(-MAX_REMOVED_JOB_IDS),
    removedVoices: state.removedVoices.slice(-MAX_REMOVED_VOICES),
  });
}

async function moveAside(filePath: string): Promise<string> {
  const target = `${filePath}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(filePath, target);
  return target;
}
