import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditsFor } from '../../../common/jobs/job-texts.js';
import type { Project } from '../../../common/project/index.js';
import {
  blockState,
  characterCount,
  contentHash,
  createProject,
  createTextBlock,
} from '../../../common/project/index.js';
import { contextOf } from '../../../common/project/test-support.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { CLI_STATE_FOLDER, JobManager } from '../jobs/index.js';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { ServiceClient } from '../service-client/index.js';
import { ChargeTwiceRefusalError } from './charge-twice-refusal.js';
import { GenerationService } from './generation-service.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/**
 * Issue 37: a block whose text was in a task the service may already have charged (its answer lost) was sent
 * again without a word by the editor's Generate, the batch and the CLI. Every path goes through
 * GenerationService.start: it sends such a block only with the user's yes.
 */
let standin: RunningStandin;
let harness: GenerationHarness;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-charge-twice-it-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
  });
});

afterAll(async () => {
  await harness.close();
  await standin.close();
});

let serial = 0;
beforeEach(() => {
  serial += 1;
});

function projectOf(texts: readonly string[]): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has market voices');
  const base = createProject({
    title: 'Held',
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  const blocks = texts.map((text) => createTextBlock({ text: `${text} (${serial})` }));
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

/** Generates the project's first block with the answer lost: the service makes (and charges) the task. */
async function loseTheAnswerFor(project: Project): Promise<string> {
  const [first] = project.tracks.speech.blocks;
  if (!first) throw new Error('the project has a block');
  standin.injectFault({ mode: 'drop-after', method: 'POST', pathPrefix: '/api/tts/generate' });
  const started = await harness.service.start({ project, blockIds: [first.id] });
  const [jobId] = started.jobIds;
  if (jobId === undefined) throw new Error('a task was submitted');
  expect((await harness.manager.waitFor(jobId)).status).toBe('unknown-outcome');
  return jobId;
}

const tasksMade = (): number => standin.ledger({ kind: 'task' }).length;

describe('Generate of a block whose task may already be charged (issue 37)', () => {
  it('marks the block of a task whose answer was lost with the outcome-unknown code, not a network error', async () => {
    const project = projectOf(['Lost, not failed.']);
    const [block] = project.tracks.speech.blocks;
    if (!block) throw new Error('one block');
    await loseTheAnswerFor(project);
    const hash = contentHash(block, contextOf(project));
    const ended = () =>
      harness.updates
        .flatMap((update) => update.segments)
        .find((segment) => segment.contentHash === hash && segment.state === 'failed');
    await until(() => Promise.resolve(ended() !== undefined));
    expect(ended()).toMatchObject({ error: { code: 'OUTCOME_UNKNOWN' } });
  });

  it('sends nothing without the confirmation, the others only when asked, and it too with the confirmation', async () => {
    const project = projectOf(['Lost once.', 'Fresh two.', 'Fresh three.']);
    const [held, ...others] = project.tracks.speech.blocks;
    if (!held) throw new Error('three blocks');
    const context = contextOf(project);
    const jobId = await loseTheAnswerFor(project);
    const made = tasksMade();

    const refused = await harness.service.start({ project }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChargeTwiceRefusalError);
    const credits = creditsFor(characterCount(held, context));
    expect((refused as ChargeTwiceRefusalError).refusal).toMatchObject({
      refused: 'may-charge-twice',
      blocks: [{ blockId: held.id, contentHash: contentHash(held, context), jobId, credits }],
      credits,
      otherBlocks: 2,
    });
    expect((refused as ChargeTwiceRefusalError).message).toMatch(
      new RegExp(`may charge ≈ ${credits} credits twice`, 'u'),
    );
    expect(tasksMade()).toBe(made);

    // "Generate the others only": the held block stays out.
    const othersOnly = await harness.service.start({ project, chargeTwice: 'skip' });
    expect(othersOnly).toMatchObject({ sentBlocks: 2, heldBlocks: [{ blockId: held.id }] });
    expect(othersOnly.blockIds?.sort()).toEqual(others.map((block) => block.id).sort());
    for (const id of othersOnly.jobIds) expect((await harness.manager.waitFor(id)).status).toBe('succeeded');
    expect(tasksMade()).toBe(made + 1);
    const sentTexts = standin.ledger({ kind: 'task' }).at(-1);
    expect(JSON.stringify(sentTexts)).not.toContain('Lost once.');

    // "Generate all, may charge twice": sent.
    const all = await harness.service.start({ project, chargeTwice: 'confirm' });
    expect(all).toMatchObject({ sentBlocks: 1, blockIds: [held.id], heldBlocks: [] });
    for (const id of all.jobIds) expect((await harness.manager.waitFor(id)).status).toBe('succeeded');
    expect(tasksMade()).toBe(made + 2);
  }, 30_000);

  it('holds an identical block too, and lets it go once the task is dismissed', async () => {
    const project = projectOf(['Twice said.']);
    const [block] = project.tracks.speech.blocks;
    if (!block) throw new Error('one block');
    const jobId = await loseTheAnswerFor(project);
    const twin = { ...block, id: createTextBlock({ text: 'twin' }).id };
    const both = { ...project, tracks: { ...project.tracks, speech: { blocks: [block, twin] } } };

    await expect(harness.service.start({ project: both, blockIds: [twin.id] })).rejects.toBeInstanceOf(
      ChargeTwiceRefusalError,
    );
    const skipped = await harness.service.start({ project: both, chargeTwice: 'skip' });
    expect(skipped.sentBlocks).toBe(0);

    await harness.manager.dismiss(jobId);
    const made = tasksMade();
    const sent = await harness.service.start({ project: both });
    expect(sent.sentBlocks).toBe(1);
    for (const id of sent.jobIds) expect((await harness.manager.waitFor(id)).status).toBe('succeeded');
    expect(tasksMade()).toBe(made + 1);
  }, 30_000);

  it('holds it after the task was cancelled, its outcome still unknown, until that task is dismissed', async () => {
    const project = projectOf(['Cancelled but maybe charged.']);
    const jobId = await loseTheAnswerFor(project);
    await harness.manager.cancel(jobId);
    await expect(harness.service.start({ project })).rejects.toBeInstanceOf(ChargeTwiceRefusalError);
    await harness.manager.dismiss(jobId);
    expect((await harness.service.start({ project })).sentBlocks).toBe(1);
  }, 30_000);

  it('an unattended run (batch, CLI) generates the others and fails the held block saying why and how', async () => {
    const project = projectOf(['Lost in a batch.', 'Fine in a batch.']);
    const [held, other] = project.tracks.speech.blocks;
    if (!held || !other) throw new Error('two blocks');
    const context = contextOf(project);
    const jobId = await loseTheAnswerFor(project);
    const made = tasksMade();

    const skipped = await harness.service.generateAndWait(project);
    expect(tasksMade()).toBe(made + 1);
    expect(blockState(skipped.tracks.speech.blocks[1] ?? other, context)).toBe('generated');
    const heldNow = skipped.tracks.speech.blocks[0];
    expect(heldNow?.generation).toMatchObject({
      kind: 'failed',
      error: {
        code: 'MAY_CHARGE_TWICE',
        message: expect.stringMatching(
          new RegExp(`task ${jobId}.+may charge ≈ \\d+ credits twice.+Tasks page`, 'u'),
        ) as unknown,
      },
    });

    const confirmed = await harness.service.generateAndWait(skipped, { confirmChargeTwice: true });
    expect(tasksMade()).toBe(made + 2);
    expect(blockState(confirmed.tracks.speech.blocks[0] ?? held, context)).toBe('generated');
  }, 30_000);

  it('holds a block in the other shell’s lost task: the app’s for the CLI, read from its job file', async () => {
    const project = projectOf(['Lost by the app.', 'Fresh for the CLI.']);
    const [held] = project.tracks.speech.blocks;
    if (!held) throw new Error('two blocks');
    const jobId = await loseTheAnswerFor(project);
    // The command line's own job manager, in <data>/cli, sharing the app's audio cache as timbre does.
    const client = new ServiceClient({
      baseUrl: standin.url,
      getToken: () => 'standin-paid',
      timeoutMs: 10_000,
    });
    const cli = new JobManager({
      client,
      dataDir: path.join(harness.workDir, CLI_STATE_FOLDER),
      otherShellDataDirs: [harness.workDir],
      stopGraceMs: 0,
    });
    await cli.start();
    try {
      const generation = new GenerationService({
        lexicons: noServiceLexicons,
        manager: () => Promise.resolve(cli),
        audio: harness.audio,
        srtAllowed: () => false,
        onUpdate: () => undefined,
      });
      // The app writes its job file when the task ends: wait until it is there to be read.
      await until(async () =>
        (await cli.otherShellJobs()).some((job) => job.id === jobId && job.status === 'unknown-outcome'),
      );
      const made = tasksMade();
      const refused = await generation.start({ project }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ChargeTwiceRefusalError);
      expect((refused as ChargeTwiceRefusalError).refusal).toMatchObject({
        blocks: [{ blockId: held.id, jobId }],
        otherBlocks: 1,
      });
      const othersOnly = await generation.start({ project, chargeTwice: 'skip' });
      expect(othersOnly).toMatchObject({ sentBlocks: 1, heldBlocks: [{ blockId: held.id, jobId }] });
      for (const id of othersOnly.jobIds) expect((await cli.waitFor(id)).status).toBe('succeeded');
      expect(tasksMade()).toBe(made + 1);
    } finally {
      await cli.stop();
      client.close();
    }
  }, 30_000);
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
