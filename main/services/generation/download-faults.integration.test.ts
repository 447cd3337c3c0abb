import { mkdtemp } from 'node:fs/promises';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { defaultsOnlyContext } from '../../../common/project/send-context.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import {
  allBlocks,
  blockState,
  contentHash,
  createProject,
  createTextBlock,
} from '../../../common/project/index.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { AudioCache } from '../audio-cache/index.js';
import { MediaCache } from '../media/index.js';
import { GenerationService } from './generation-service.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/**
 * The money path under download faults: the service makes the audio (credits spent), and fetching it fails in
 * the ways real CDNs fail. Every block must still end with its audio, each batch must have been submitted
 * exactly once, and a second Generate must submit nothing.
 */
let standin: RunningStandin;
let harness: GenerationHarness;

const BLOCKS = 400;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-download-faults-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 100, maxDelayMs: 500, errorFirstDelayMs: 100, errorMaxDelayMs: 500 },
    media: (client) => ({
      retry: { attempts: 6, baseDelayMs: 100, maxDelayMs: 1_000 },
      gateFor: (url) => (new URL(url).origin === standin.url ? client.rateGate : undefined),
    }),
  });
}, 60_000);

afterAll(async () => {
  await harness.close();
  await standin.close();
});

function longProject(): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has market voices');
  const base = createProject({
    title: 'Four hundred blocks',
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  const blocks = Array.from({ length: BLOCKS }, (_, index) =>
    createTextBlock({ text: `Line ${index + 1} of the story.` }),
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

/** A GenerationService on the same jobs with an empty cache of its own and two attempts per download. */
async function otherMachine(prefix: string): Promise<{ service: GenerationService; close(): Promise<void> }> {
  const fresh = await mkdtemp(path.join(harness.workDir, prefix));
  const otherMedia = await MediaCache.open({
    dataDir: fresh,
    retry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 },
  });
  const otherAudio = new AudioCache({ dataDir: fresh, media: otherMedia });
  const other = new GenerationService({
    lexicons: noServiceLexicons,
    manager: () => Promise.resolve(harness.manager),
    audio: otherAudio,
    srtAllowed: () => false,
    onUpdate: () => undefined,
  });
  return {
    service: other,
    close: async () => {
      otherAudio.dispose();
      await otherMedia.flush();
    },
  };
}

/** The path of the file the service delivered for a content hash (so a fault hits that file and no other). */
function deliveredPath(hash: string): string {
  const job = harness.manager.list().find((listed) => listed.contentHashes?.includes(hash));
  const index = job?.contentHashes?.indexOf(hash) ?? -1;
  const audioUrl = job?.kind === 'task' ? job.result?.metadata.contents?.[index]?.audio : undefined;
  if (!audioUrl) throw new Error(`no delivered audio for ${hash}`);
  return new URL(audioUrl, standin.url).pathname;
}

function taskPosts(): number {
  return standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;
}

describe('generation × failing audio downloads', () => {
  it('fetches every block’s audio through resets, 503s and 429s, submitting each batch once', async () => {
    // Every 3rd download is reset before an answer, every 5th answers 503 (at first), every 50th 429 (twice).
    standin.injectFault({ mode: 'drop-before', pathPrefix: '/files/', every: 3, count: 40 });
    standin.injectFault({ mode: 'status', status: 503, pathPrefix: '/files/', every: 5, count: 8 });
    standin.injectFault({
      mode: 'status',
      status: 429,
      retryAfterS: 1,
      pathPrefix: '/files/',
      every: 50,
      count: 2,
    });

    const project = longProject();
    const result = await harness.service.generateAndWait(project);
    const states = allBlocks(result).map((block) => blockState(block, defaultsOnlyContext(result.defaults)));
    expect(states.filter((state) => state !== 'generated')).toEqual([]);
    expect(states).toHaveLength(BLOCKS);

    // Every fault was used, so every kind of failure really happened.
    expect(standin.faults()).toEqual([]);
    const posts = taskPosts();
    const jobs = harness.manager.list().filter((job) => job.kind === 'task');
    expect(posts).toBe(jobs.length);
    expect(posts).toBe(Math.ceil(BLOCKS / 50));
    // The gate saw the service's 429s (downloads share the service's pacing).
    expect(harness.client.rateGate.figures().rateLimited).toBeGreaterThanOrEqual(2);

    // Nothing is missing, so nothing is sent.
    const again = await harness.service.start({ project: result });
    expect(again).toMatchObject({ sentBlocks: 0, jobIds: [] });
    expect(taskPosts()).toBe(posts);
  }, 240_000);

  it('fetches a download that failed all its attempts again before giving up, submitting nothing more', async () => {
    // Another machine with none of the audio the first test paid for, and only two attempts per download.
    const { service: impatient, close } = await otherMachine('short-retries-');
    const project = longProject();
    const blocks = project.tracks.speech.blocks.slice(10, 12);
    const two = { ...project, tracks: { ...project.tracks, speech: { blocks } } };
    const posts = taskPosts();
    // Three 503s for the first of the two files: its two attempts fail, and so does the first fetch again.
    const [firstBlock] = blocks;
    const firstHash = firstBlock ? contentHash(firstBlock, defaultsOnlyContext(project.defaults)) : '';
    standin.injectFault({ mode: 'status', status: 503, pathPrefix: deliveredPath(firstHash), count: 3 });

    const result = await impatient.generateAndWait(two);
    expect(allBlocks(result).map((block) => blockState(block, defaultsOnlyContext(result.defaults)))).toEqual(
      ['generated', 'generated'],
    );
    expect(standin.faults()).toEqual([]);
    expect(taskPosts()).toBe(posts);
    await close();
  }, 60_000);

  it('fetches delivered audio again instead of submitting it again, and reports a gone file with its price', async () => {
    const project = longProject();
    // The same content as the first test, so its audio was delivered; this "other machine" has none of it.
    const { service: other, close } = await otherMachine('other-machine-');
    const posts = taskPosts();
    const first = project.tracks.speech.blocks.slice(0, 3);
    const hashes = first.map((block) => contentHash(block, defaultsOnlyContext(project.defaults)));

    // The service answers 404 for these 3 files: gone, so the blocks say so with the price of a new take. (Each
    // file by its own path: filing the job fetches all 50 of its files concurrently, in no fixed order.)
    for (const hash of hashes) {
      standin.injectFault({ mode: 'status', status: 404, pathPrefix: deliveredPath(hash), count: 1 });
    }
    const started = await other.start({ project, blockIds: first.map((block) => block.id) });
    expect(started).toMatchObject({ sentBlocks: 0, jobIds: [] });
    await other.settled();
    const gone = await other.lookup(standin.url, hashes);
    expect(gone.map((update) => (update.state === 'failed' ? update.error.code : update.state))).toEqual([
      'AUDIO_GONE',
      'AUDIO_GONE',
      'AUDIO_GONE',
    ]);
    const [firstGone] = gone;
    expect(firstGone?.state === 'failed' ? firstGone.error.message : '').toMatch(
      /no longer has this file \(404\).*costs about \d+ credits/,
    );
    expect(standin.faults()).toEqual([]);
    expect(taskPosts()).toBe(posts);

    // "Fetch audio again" once the service serves the files again: the audio arrives, nothing is submitted.
    const refetched = await other.refetch(standin.url, hashes);
    expect(refetched.map((update) => update.state)).toEqual(['generated', 'generated', 'generated']);
    expect(taskPosts()).toBe(posts);
    await close();
  }, 120_000);
});
