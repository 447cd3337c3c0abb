import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStandin, type RunningStandin } from '../index.js';
import { dataUrlOf, makeFixtureDir, speechFile } from '../test-support/audio-fixtures.js';
import { call, expectOk, waitFor } from '../test-support/http-client.js';
import { ARIA } from '../test-support/standin-fixture.js';

const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

type Task = { id: string; status: string; metadata: { audio?: string; contents: { audio?: string }[] } };
type Voice = { id: string; idForGenerate: string; status: string };

const textTask = (text: string, voiceId = ARIA.idForGenerate) => ({
  contents: [{ type: 'text', voiceId, text }],
});

async function until<T>(standin: RunningStandin, path: string, done: (data: T) => boolean): Promise<T> {
  return waitFor(async () => {
    const data = expectOk<T>(await call(standin.url, 'GET', path));
    return done(data) ? data : undefined;
  }, path);
}

describe('persistence in --data', () => {
  it('keeps tasks, voices, ledgers, balances and audio across restarts, and resumes unfinished work', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'standin-persist-'));
    const fixtures = await makeFixtureDir();
    cleanup.push(dataDir, fixtures);
    const prompt = await dataUrlOf(await speechFile(fixtures, 'prompt.wav'), 'audio/wav');

    // Run 1: a finished task and a finished voice.
    const first = await startStandin({ dataDir, speed: 100, rateLimit: 0 });
    const created = expectOk<Task>(
      await call(first.url, 'POST', '/api/tts/generate', { json: textTask('Kept across restarts.') }),
    );
    const generated = await until<Task>(
      first,
      `/api/tts/generate/${created.id}`,
      (task) => task.status === 'generated',
    );
    const originalAudio = Buffer.from(await (await fetch(generated.metadata.audio ?? '')).arrayBuffer());
    const voice = expectOk<Voice>(
      await call(first.url, 'POST', '/api/voice', { json: { name: 'Kept', prompt } }),
    );
    await until<Voice>(first, `/api/voice/${voice.id}`, (current) => current.status === 'pending');
    const creditsAfterRun1 = first.accounts().find((account) => account.token === 'standin-paid')?.credits;
    await first.close();
    const state = JSON.parse(await fs.readFile(path.join(dataDir, 'state.json'), 'utf8')) as {
      version: number;
    };
    expect(state.version).toBe(1);

    // Run 2 (realistic speed): leave a task pending and a voice creating, then stop at once.
    const second = await startStandin({ dataDir, speed: 1, rateLimit: 0 });
    second.setQueuePaused(true);
    const waiting = expectOk<Task>(
      await call(second.url, 'POST', '/api/tts/generate', { json: textTask('Finish me later.') }),
    );
    const creating = expectOk<Voice>(
      await call(second.url, 'POST', '/api/voice', { json: { name: 'Later', prompt } }),
    );
    expect(creating.status).toBe('creating');
    await second.close();

    // Run 3: everything is back, on a new port, and the unfinished work completes.
    const third = await startStandin({ dataDir, speed: 100, rateLimit: 0, admin: true });
    try {
      expect(third.ledger()).toHaveLength(4);
      expect(third.ledger().map((entry) => entry.taskId ?? entry.voiceId)).toEqual([
        created.id,
        voice.id,
        waiting.id,
        creating.id,
      ]);
      const kept = expectOk<Task>(await call(third.url, 'GET', `/api/tts/generate/${created.id}`));
      expect(kept.status).toBe('generated');
      expect(kept.metadata.audio?.startsWith(`${third.url}/files/`)).toBe(true);
      expect(Buffer.from(await (await fetch(kept.metadata.audio ?? '')).arrayBuffer())).toEqual(
        originalAudio,
      );
      expect(third.sentenceTimings(created.id)?.[0]?.sentences[0]?.text).toBe('Kept across restarts.');
      const keptVoice = expectOk<Voice>(await call(third.url, 'GET', `/api/voice/${voice.id}`));
      expect(keptVoice).toMatchObject({ status: 'pending', idForGenerate: voice.idForGenerate });
      const paid = third.accounts().find((account) => account.token === 'standin-paid');
      expect(paid?.credits).toBe(creditsAfterRun1);
      expect(paid?.frozenCredits).toBe(16);

      const resumed = await until<Task>(
        third,
        `/api/tts/generate/${waiting.id}`,
        (task) => task.status === 'generated',
      );
      expect(resumed.metadata.contents[0]?.audio).toBeDefined();
      await until<Voice>(third, `/api/voice/${creating.id}`, (current) => current.status === 'pending');
      const usable = expectOk<Task>(
        await call(third.url, 'POST', '/api/tts/generate', {
          json: textTask('Cloned voice after restart.', voice.idForGenerate),
        }),
      );
      expect(usable.status).toBe('pending');
    } finally {
      await third.close();
    }
    expect((await fs.stat(dataDir)).isDirectory()).toBe(true);
  });
});
