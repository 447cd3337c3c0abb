import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyState } from './schema.js';
import { StateStore } from './state-store.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

async function dataFolderWith(state: unknown): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'standin-state-'));
  folders.push(folder);
  await fs.writeFile(path.join(folder, 'state.json'), JSON.stringify(state));
  return folder;
}

const TASK = {
  id: 't1',
  userId: 'u1',
  token: 'standin-paid',
  sequence: 1,
  type: 'tts',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  isPremium: false,
  srt: false,
  characters: 5,
  frozenCredits: 0,
  contents: [],
  voiceIds: [],
};

const VOICE = {
  id: 'v1',
  idForGenerate: 'v1',
  userId: 'u1',
  from: 'user',
  kind: 'quick',
  name: 'Kept',
  description: '',
  language: 'en',
  modelVersion: 'v3.0',
  vocalFilter: false,
  avatarPath: '',
  quotaConsumed: false,
  styles: [],
  synth: { variant: 'f3', pitch: 50, wordsPerMinute: 170, language: 'en' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  extras: {},
};

describe('the stand-in state file', () => {
  it('opens a state file whose records carry statuses it no longer gives, reading them as failed', async () => {
    const folder = await dataFolderWith({
      ...emptyState(),
      tasks: [
        { ...TASK, status: 'succeeded' },
        { ...TASK, id: 't2', status: 'generated' },
      ],
      voices: [{ ...VOICE, status: 'ready' }],
    });
    const { state } = await StateStore.open(folder);
    expect(state.tasks.map((task) => [task.status, task.failureReason])).toEqual([
      ['failed', 'the stand-in no longer knows the status “succeeded”'],
      ['generated', undefined],
    ]);
    expect(state.voices.map((voice) => [voice.status, voice.failureReason])).toEqual([
      ['failed', 'the stand-in no longer knows the status “ready”'],
    ]);
  });

  it('still refuses a state file that does not match in any other way, naming the path', async () => {
    const folder = await dataFolderWith({
      ...emptyState(),
      tasks: [{ ...TASK, status: 'pending', sequence: 'one' }],
    });
    await expect(StateStore.open(folder)).rejects.toThrow(/is not valid at tasks\.0\.sequence/u);
  });
});
