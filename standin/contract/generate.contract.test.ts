import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACCOUNTS, startStandin } from '../index.js';
import { call, expectOk, expectServiceError, waitFor } from '../test-support/http-client.js';
import { ARIA, BRUNO, useStandin } from '../test-support/standin-fixture.js';

const POOR = {
  token: 'standin-poor',
  plan: 'free' as const,
  credits: 10,
  proCloneAccess: false,
  proCloneQuota: 0,
};
const service = useStandin({ syncWaitS: 0.5, accounts: [...BUILT_IN_ACCOUNTS, POOR] });

const textBlock = (text = 'Hello there.') => ({ type: 'text', voiceId: ARIA.idForGenerate, text });

type Task = {
  id: string;
  userId: string;
  status: string;
  type: string;
  metadata: Record<string, unknown> & {
    contents: Record<string, unknown>[];
    voices: Record<string, unknown>[];
  };
};

async function submit(body: unknown, token = 'standin-paid') {
  return service.api('POST', '/api/tts/generate', { token, json: body });
}

function accountOf(token: string) {
  const account = service.standin.accounts().find((candidate) => candidate.token === token);
  if (!account) throw new Error(`no account ${token}`);
  return account;
}

describe('POST /api/tts/generate: the three shapes', () => {
  it('accepts contents and returns the pending task (contract 2.2)', async () => {
    const task = expectOk<Task>(await submit({ contents: [textBlock()] }));
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(task.userId).toBe(accountOf('standin-paid').userId);
    expect(task.status).toBe('pending');
    expect(typeof task.type).toBe('string');
    expect(task.metadata).toMatchObject({ characters: 12, isPremium: true, srt: false });
    expect(task.metadata.contents).toEqual([textBlock()]);
    expect(task.metadata.voices).toEqual([
      expect.objectContaining({
        id: ARIA.id,
        name: 'Aria',
        status: 'pending',
        version: 'v3.0',
        from: 'market',
      }),
    ]);
    expect(task.metadata.voices[0]).not.toHaveProperty('idForGenerate');
    expect((task.metadata.voices[0]?.metadata as { prompts: unknown[] }).prompts).toHaveLength(3);
  });

  it('compiles text + splitter into contents with a real splitter', async () => {
    const text = 'One sentence. Another one!\n\nSecond paragraph here.';
    const bySentence = expectOk<Task>(
      await submit({
        text,
        splitter: { mode: 'sentence', maxLength: 100, voiceId: BRUNO.idForGenerate, speechRate: 1.5 },
      }),
    );
    expect(bySentence.metadata.contents).toEqual([
      { type: 'text', voiceId: BRUNO.idForGenerate, speechRate: 1.5, text: 'One sentence.' },
      { type: 'text', voiceId: BRUNO.idForGenerate, speechRate: 1.5, text: 'Another one!' },
      { type: 'text', voiceId: BRUNO.idForGenerate, speechRate: 1.5, text: 'Second paragraph here.' },
    ]);
    const byParagraph = expectOk<Task>(
      await submit({ text, splitter: { mode: 'paragraph', voiceId: ARIA.idForGenerate } }),
    );
    expect(byParagraph.metadata.contents.map((block) => block.text)).toEqual([
      'One sentence. Another one!',
      'Second paragraph here.',
    ]);
  });

  it('compiles text + splitterId from a saved configuration; an unknown id is 404 SPLITTER_NOT_FOUND', async () => {
    const task = expectOk<Task>(await submit({ text: 'A. B.\n\nC.', splitterId: 'standin-paragraphs' }));
    expect(task.metadata.contents.map((block) => [block.text, block.voiceId])).toEqual([
      ['A. B.', BRUNO.idForGenerate],
      ['C.', BRUNO.idForGenerate],
    ]);
    const saved = expectOk<{ id: string }>(
      await service.admin('POST', 'splitters', {
        id: 'short',
        mode: 'sentence',
        maxLength: 20,
        voiceId: ARIA.id,
      }),
    );
    const fromSaved = expectOk<Task>(await submit({ text: 'Tiny. Also tiny.', splitterId: saved.id }));
    expect(fromSaved.metadata.contents).toHaveLength(2);
    expectServiceError(await submit({ text: 'x', splitterId: 'nope' }), 404, 'SPLITTER_NOT_FOUND');
  });

  it('rejects mixed shapes with 400 VALIDATION_CONFLICT', async () => {
    const splitter = { voiceId: ARIA.idForGenerate };
    for (const body of [
      { contents: [textBlock()], text: 'x' },
      { contents: [textBlock()], splitter },
      { contents: [textBlock()], splitterId: 'standin-sentences' },
      { text: 'x', splitter, splitterId: 'standin-sentences' },
    ]) {
      expectServiceError(await submit(body), 400, 'VALIDATION_CONFLICT');
    }
  });

  it('rejects incomplete shapes and bad top-level types with 400 VALIDATION_BAD_PARAMS naming the field', async () => {
    expect(expectServiceError(await submit({ text: 'alone' }), 400, 'VALIDATION_BAD_PARAMS')).toMatch(
      /splitter/,
    );
    expect(expectServiceError(await submit({}), 400, 'VALIDATION_BAD_PARAMS')).toMatch(/contents/);
    expect(
      expectServiceError(await submit({ splitterId: 'standin-sentences' }), 400, 'VALIDATION_BAD_PARAMS'),
    ).toMatch(/text/);
    expect(
      expectServiceError(
        await submit({ contents: [textBlock()], sync: 'yes' }),
        400,
        'VALIDATION_BAD_PARAMS',
      ),
    ).toMatch(/sync/);
    expect(
      expectServiceError(await submit({ text: 'x', splitter: { mode: 'x' } }), 400, 'VALIDATION_BAD_PARAMS'),
    ).toMatch(/splitter\.mode/);
  });
});

describe('POST /api/tts/generate: contents validation', () => {
  const invalid: [string, unknown][] = [
    ['contents not an array', { type: 'text' }],
    ['empty contents', []],
    ['block not an object', ['hello']],
    ['unknown type', [{ type: 'video', text: 'x' }]],
    ['language outside the list', [{ ...textBlock(), language: 'xx' }]],
    ['emo_switch of 4 values', [{ ...textBlock(), emo_switch: [1, 2, 3, 4] }]],
    ['emo_switch of 6 values', [{ ...textBlock(), emo_switch: [1, 2, 3, 4, 5, 6] }]],
    ['emo_switch value over 10', [{ ...textBlock(), emo_switch: [1, 2, 3, 4, 11] }]],
    ['emo_switch value below 0', [{ ...textBlock(), emo_switch: [-1, 2, 3, 4, 5] }]],
    ['emo_switch not numbers', [{ ...textBlock(), emo_switch: ['1', 2, 3, 4, 5] }]],
    ['mos_score below 1', [{ ...textBlock(), mos_score: 0.5 }]],
    ['mos_score above 5', [{ ...textBlock(), mos_score: 5.5 }]],
    ['sfx_length below 1', [{ type: 'sfx', text: 'boom', sfx_length: 0.5 }]],
    ['sfx_length above 300', [{ type: 'music', text: 'calm', sfx_length: 301 }]],
    ['speechRate above 2', [{ ...textBlock(), speechRate: 2.5 }]],
    ['speechRate not a number', [{ ...textBlock(), speechRate: 'fast' }]],
    ['seed not an integer', [{ ...textBlock(), seed: 1.5 }]],
    ['seed below -1', [{ ...textBlock(), seed: -2 }]],
    ['preset unknown', [{ ...textBlock(), preset: 'loud' }]],
    ['boolean given as string', [{ ...textBlock(), vivid: 'yes' }]],
    ['unknown voice', [{ ...textBlock(), voiceId: '00000000-0000-4000-8000-000000000000' }]],
    ['unknown style', [{ ...textBlock(), promptId: 'shouting' }]],
    ['text block without voice', [{ type: 'text', text: 'x' }]],
    ['text block with blank text', [{ ...textBlock(), text: '   ' }]],
    ['sfx without description', [{ type: 'sfx', sfx_length: 3 }]],
    ['audio URL of another site', [{ type: 'audio', audio: 'https://example.com/a.mp3' }]],
    ['audio URL of this service that it never issued', [{ type: 'audio', audio: '/files/none.mp3' }]],
    ['stem_separation without audio', [{ type: 'stem_separation' }]],
  ];

  it.each(invalid)(
    '%s → one 400 TTS_CONTENTS_INVALID that does not name the field',
    async (_name, contents) => {
      const response = await submit({ contents });
      const message = expectServiceError(response, 400, 'TTS_CONTENTS_INVALID');
      for (const field of [
        'language',
        'emo_switch',
        'mos_score',
        'sfx_length',
        'speechRate',
        'voiceId',
        'audio',
        'seed',
        'preset',
      ]) {
        expect(message).not.toContain(field);
      }
      const entry = service.standin.ledger({ kind: 'task' }).at(-1);
      expect(entry).toMatchObject({ status: 400, code: 'TTS_CONTENTS_INVALID' });
      expect(entry?.taskId).toBeUndefined();
      expect(entry?.detail).toMatch(/contents/);
    },
  );

  it('rejects a same-origin URL outside /files and a foreign origin posing as a generated segment', async () => {
    const done = await service.generate({ contents: [textBlock('Reuse me.')] });
    const segmentUrl = String((done.metadata as Task['metadata']).contents[0]?.audio);
    const foreign = segmentUrl.replace(/:\d+\//, ':1/');
    expectServiceError(
      await submit({ contents: [{ type: 'audio', audio: foreign }] }),
      400,
      'TTS_CONTENTS_INVALID',
    );
    expectServiceError(
      await submit({ contents: [{ type: 'audio', audio: `${service.url}/api/tts/generate` }] }),
      400,
      'TTS_CONTENTS_INVALID',
    );
    expectOk(await submit({ contents: [{ type: 'audio', audio: segmentUrl }] }));
  });

  it("drops keys outside the block type's list silently, even with invalid values", async () => {
    const task = expectOk<Task>(
      await submit({
        contents: [
          { ...textBlock(), sfx_length: 99_999, audio: 'https://example.com/x.mp3', colour: 'red' },
          {
            type: 'sfx',
            text: 'door slam',
            sfx_length: 2,
            voiceId: 'nobody',
            emo_switch: [99],
            language: 'xx',
            speechRate: 9,
          },
          {
            type: 'scene',
            text: 'Rain on a roof.',
            voiceId: ARIA.idForGenerate,
            speechRate: 9,
            mos_score: 0,
          },
        ],
      }),
    );
    expect(task.metadata.contents).toEqual([
      textBlock(),
      { type: 'sfx', text: 'door slam', sfx_length: 2 },
      { type: 'scene', text: 'Rain on a roof.', voiceId: ARIA.idForGenerate },
    ]);
  });

  it("accepts a market voice's id as well as its idForGenerate, and every documented field in range", async () => {
    const task = expectOk<Task>(
      await submit({
        contents: [
          {
            type: 'text',
            voiceId: ARIA.id,
            text: 'All fields.',
            promptId: 'calm',
            preset: 'expressive',
            language: 'en',
            break_clone: false,
            vivid: true,
            emo_switch: [0, 2.5, 5, 7.5, 10],
            speechRate: 0.5,
            flash: false,
            stream: false,
            seed: -1,
            mos_score: 4.2,
          },
        ],
      }),
    );
    expect(Object.keys(task.metadata.contents[0] ?? {})).toHaveLength(14);
  });
});

describe('credits, subtitles and the task resource', () => {
  it('freezes credits at submission and deducts them once generated', async () => {
    const before = accountOf('standin-free');
    const created = expectOk<Task>(
      await submit({ contents: [textBlock('Twenty characters!!')] }, 'standin-free'),
    );
    expect(accountOf('standin-free').frozenCredits).toBe(before.frozenCredits + 19);
    const done = await service.waitForTask(created.id, 'standin-free');
    expect(done.status).toBe('generated');
    const after = accountOf('standin-free');
    expect(after.frozenCredits).toBe(before.frozenCredits);
    expect(after.credits).toBe(before.credits - 19);
  });

  it('answers insufficient credits with 403 CREDITS_INSUFFICIENT and freezes nothing', async () => {
    const message = expectServiceError(
      await submit({ contents: [textBlock('This text has more than ten characters.')] }, 'standin-poor'),
      403,
      'CREDITS_INSUFFICIENT',
    );
    expect(message).toMatch(/credits/);
    expect(accountOf('standin-poor')).toMatchObject({ credits: 10, frozenCredits: 0 });
  });

  it('silently stores srt:true from a free account as false; a paid account gets an SRT file', async () => {
    const free = expectOk<Task>(await submit({ contents: [textBlock()], srt: true }, 'standin-free'));
    expect(free.metadata.srt).toBe(false);
    const freeDone = await service.waitForTask(free.id, 'standin-free');
    expect(freeDone.metadata).not.toHaveProperty('srtUrl');
    const paid = expectOk<Task>(
      await submit({ contents: [textBlock('First line. Second line.')], srt: true }),
    );
    expect(paid.metadata.srt).toBe(true);
    const paidDone = (await service.waitForTask(paid.id)) as Task;
    const srt = await fetch(String(paidDone.metadata.srtUrl));
    expect(srt.headers.get('content-type')).toMatch(/^application\/x-subrip/);
    expect(await srt.text()).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nFirst line\.\n\n2\n/);
  });

  it('sync:true answers once the task is processing', async () => {
    const task = expectOk<Task>(await submit({ contents: [textBlock()], sync: true }));
    expect(task.status).toBe('processing');
    expect((await service.waitForTask(task.id)).status).toBe('generated');
  });

  it('sync:true answers 400 STREAM_TIMEOUT when processing does not start in time, and withdraws the task', async () => {
    service.standin.setQueuePaused(true);
    try {
      const before = accountOf('standin-paid');
      const started = Date.now();
      expectServiceError(await submit({ contents: [textBlock()], sync: true }), 400, 'STREAM_TIMEOUT');
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      const entry = service.standin.ledger({ kind: 'task' }).at(-1);
      expect(entry).toMatchObject({ status: 400, code: 'STREAM_TIMEOUT' });
      const withdrawn = expectOk<Task>(
        await service.api('GET', `/api/tts/generate/${String(entry?.taskId)}`),
      );
      expect(withdrawn.status).toBe('failed');
      expect(withdrawn.metadata.failureReason).toMatch(/STREAM_TIMEOUT/);
      expect(accountOf('standin-paid').frozenCredits).toBe(before.frozenCredits);
    } finally {
      service.standin.setQueuePaused(false);
    }
  });

  it("answers an unknown task and another user's task with 404 TASK_NOT_FOUND", async () => {
    expectServiceError(
      await service.api('GET', '/api/tts/generate/00000000-0000-4000-8000-000000000000'),
      404,
      'TASK_NOT_FOUND',
    );
    const mine = expectOk<Task>(await submit({ contents: [textBlock()] }, 'standin-paid'));
    expectServiceError(
      await service.api('GET', `/api/tts/generate/${mine.id}`, { token: 'standin-free' }),
      404,
      'TASK_NOT_FOUND',
    );
  });

  it('ledgers every submission with token, body summary and resulting task id', async () => {
    const before = service.standin.ledger({ token: 'standin-free' }).length;
    const task = expectOk<Task>(await submit({ contents: [textBlock('Ledger me.')] }, 'standin-free'));
    await submit({ contents: [] }, 'standin-free');
    const entries = expectOk<Record<string, unknown>[]>(
      await service.admin('GET', 'ledger?token=standin-free'),
    );
    expect(entries).toHaveLength(before + 2);
    expect(entries.at(-2)).toMatchObject({
      kind: 'task',
      method: 'POST',
      path: '/api/tts/generate',
      token: 'standin-free',
      status: 200,
      taskId: task.id,
      summary: expect.objectContaining({
        shape: 'contents',
        blocks: 1,
        characters: 10,
        textPreview: 'Ledger me.',
      }),
    });
    expect(entries.at(-1)).toMatchObject({ status: 400, code: 'TTS_CONTENTS_INVALID' });
  });
});

describe('--fail-rate', () => {
  it('ends tasks in status failed with a reason and unfreezes their credits', async () => {
    const failing = await startStandin({ speed: 100, failRate: 1, rateLimit: 0 });
    try {
      const created = expectOk<Task>(
        await call(failing.url, 'POST', '/api/tts/generate', { json: { contents: [textBlock()] } }),
      );
      const frozen = failing.accounts().find((account) => account.token === 'standin-paid');
      expect(frozen?.frozenCredits).toBe(12);
      const failed = await waitFor(async () => {
        const task = expectOk<Task>(await call(failing.url, 'GET', `/api/tts/generate/${created.id}`));
        return task.status === 'failed' ? task : undefined;
      }, 'failed task');
      expect(failed.metadata.failureReason).toMatch(/fail/);
      expect(failed.metadata).not.toHaveProperty('audio');
      expect(failing.accounts().find((account) => account.token === 'standin-paid')).toMatchObject({
        credits: 1_000_000,
        frozenCredits: 0,
      });
    } finally {
      await failing.close();
    }
  });
});
