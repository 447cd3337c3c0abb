import { readFile, stat } from 'node:fs/promises';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { defaultsOnlyContext } from '../../../common/project/send-context.js';
import { contextOf } from '../../../common/project/test-support.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentUpdate } from '../../../common/generation/index.js';
import { applySegmentUpdates } from '../../../common/generation/index.js';
import type { Project } from '../../../common/project/index.js';
import {
  activeTake,
  blockState,
  contentHash,
  takeKey,
  takesOf,
  createMusicBlock,
  createProject,
  createSfxBlock,
  createTextBlock,
  updateBlock,
} from '../../../common/project/index.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { voiceCatalog } from '../../../common/project/voice-fit.js';
import { AudioCache } from '../audio-cache/index.js';
import { GenerationService } from './generation-service.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/** Integration: generation through the real job manager against the stand-in, audio filed by content hash. */
let standin: RunningStandin;
let harness: GenerationHarness;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-generation-it-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
    srtAllowed: true,
  });
});

afterAll(async () => {
  await harness.close();
  await standin.close();
});

function threeTrackProject(): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has market voices');
  const project = createProject({
    title: 'Episode',
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  return {
    ...project,
    tracks: {
      speech: {
        blocks: [
          createTextBlock({ text: 'Welcome to the show. Today we talk about rivers.' }),
          createTextBlock({ text: 'Rivers carry water from the hills to the sea.' }),
          createTextBlock({ text: 'Thanks for listening.' }),
        ],
      },
      effects: { blocks: [createSfxBlock({ text: 'a door creaks open', startMs: 500, sfx_length: 2 })] },
      music: { blocks: [createMusicBlock({ text: 'calm piano', startMs: 0, sfx_length: 8 })] },
    },
  };
}

async function finish(jobIds: readonly string[]): Promise<SegmentUpdate[]> {
  for (const id of jobIds) await harness.manager.waitFor(id);
  // The job-updated event of the final status may still be on its way to onJobUpdated.
  await new Promise((resolve) => setImmediate(resolve));
  await harness.service.settled();
  return harness.updates.flatMap((update) => update.segments);
}

describe('GenerationService × stand-in', () => {
  it('generates every block once, files the audio by content hash, then sends only an edited block', async () => {
    let project = threeTrackProject();
    const first = await harness.service.start({ project });
    expect(first.sentBlocks).toBe(5);
    expect(first.jobIds).toHaveLength(1);
    const segments = await finish(first.jobIds);
    project = applySegmentUpdates(project, contextOf(project), segments);
    const states = [
      ...project.tracks.speech.blocks,
      ...project.tracks.effects.blocks,
      ...project.tracks.music.blocks,
    ].map((block) => blockState(block, defaultsOnlyContext(project.defaults)));
    expect(states).toEqual(['generated', 'generated', 'generated', 'generated', 'generated']);
    for (const block of project.tracks.speech.blocks) {
      if (block.generation.kind !== 'generated') throw new Error('generated');
      expect(block.generation.audio.durationMs).toBeGreaterThan(500);
      const cached = await harness.audio.lookup(standin.url, block.generation.audio.cacheKey);
      expect(cached && (await stat(cached.filePath)).size).toBeGreaterThan(1000);
      expect(cached?.mediaPath).toMatch(/^\/media\//);
    }

    // Nothing changed: nothing is sent.
    const again = await harness.service.start({ project });
    expect(again).toMatchObject({ sentBlocks: 0, jobIds: [] });

    // One block's text changes, another's volume: only the first is sent.
    const [, second, third] = project.tracks.speech.blocks;
    if (!second || !third) throw new Error('three blocks');
    project = updateBlock(project, second.id, { text: 'Rivers carry water, and stories, to the sea.' });
    project = updateBlock(project, third.id, { volumeDb: -4 });
    const before = standin.ledger({ kind: 'task' }).length;
    const edited = await harness.service.start({ project });
    expect(edited.sentBlocks).toBe(1);
    await finish(edited.jobIds);
    const sent = standin
      .ledger({ kind: 'task' })
      .filter((entry) => entry.method === 'POST')
      .slice(-1)[0];
    expect(standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST')).toHaveLength(2);
    expect(standin.ledger({ kind: 'task' }).length).toBeGreaterThan(before);
    expect(sent?.summary).toMatchObject({
      blocks: 1,
      textPreview: 'Rivers carry water, and stories, to the sea.',
    });
  });

  it('takes another take with a new seed: different audio under its own key, the first take kept', async () => {
    let project = threeTrackProject();
    const firstRun = await harness.service.start({ project });
    project = applySegmentUpdates(project, contextOf(project), await finish(firstRun.jobIds));
    const target = project.tracks.speech.blocks[1]!;
    const firstTake = takesOf(target)[0]!;

    const again = await harness.service.start({ project, blockIds: [target.id], newTake: true });
    expect(again.sentBlocks).toBe(1);
    const sentBody = standin
      .ledger({ kind: 'task' })
      .filter((entry) => entry.method === 'POST')
      .at(-1);
    expect(sentBody?.summary).toMatchObject({ blocks: 1 });
    project = applySegmentUpdates(project, contextOf(project), await finish(again.jobIds));

    const takes = takesOf(project.tracks.speech.blocks[1]!);
    expect(takes).toHaveLength(2);
    const [kept, fresh] = takes;
    expect(kept).toEqual(firstTake);
    expect(fresh?.seed).toEqual(expect.any(Number));
    expect(fresh?.cacheKey).toBe(
      takeKey(contentHash(target, defaultsOnlyContext(project.defaults)), fresh!.seed!),
    );
    expect(fresh?.requestId).toEqual(expect.any(String));
    // The new take plays now; the first is still in the cache, and the two readings differ.
    expect(
      activeTake(project.tracks.speech.blocks[1]!, defaultsOnlyContext(project.defaults))?.cacheKey,
    ).toBe(fresh?.cacheKey);
    const [oldAudio, newAudio] = await Promise.all([
      harness.audio.lookup(standin.url, kept!.cacheKey),
      harness.audio.lookup(standin.url, fresh!.cacheKey),
    ]);
    expect(oldAudio && newAudio).toBeTruthy();
    const [oldBytes, newBytes] = await Promise.all([
      readFile(oldAudio!.filePath),
      readFile(newAudio!.filePath),
    ]);
    expect(oldBytes.equals(newBytes)).toBe(false);
    // The other blocks were not sent again.
    expect(
      applySegmentUpdates(project, contextOf(project), []).tracks.speech.blocks.map(
        (block) => takesOf(block).length,
      ),
    ).toEqual([1, 2, 1]);
  });

  it('refuses broken blocks before sending anything, naming the block and field', async () => {
    let project = threeTrackProject();
    const [first] = project.tracks.speech.blocks;
    if (!first) throw new Error('block');
    project = updateBlock(project, first.id, { emo_switch: [1, 2, 3] });
    const posts = standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;
    await expect(harness.service.start({ project })).rejects.toMatchObject({
      data: { code: 'INVALID_INPUT', field: `blocks.${first.id}.emo_switch` },
      message: expect.stringMatching(/Speech block 1.*Emotion weights must have exactly 5 numbers/s),
    });
    expect(standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST')).toHaveLength(posts);
  });

  it('refuses a style the block’s voice lacks before sending, when it knows the library', async () => {
    const checking = new GenerationService({
      lexicons: noServiceLexicons,
      manager: () => Promise.resolve(harness.manager),
      audio: harness.audio,
      srtAllowed: () => true,
      onUpdate: () => undefined,
      voices: () =>
        Promise.resolve(
          voiceCatalog(
            standin.marketVoices.map((voice) => ({
              ...voice,
              state: 'ready' as const,
              styles: voice.styles.map((id) => ({ id, name: id })),
            })),
          ),
        ),
    });
    // Aria has default, calm and bright: Bruno's trailer style is not hers.
    const base = threeTrackProject();
    const project = { ...base, defaults: { ...base.defaults, promptId: 'trailer' } };
    const [first] = project.tracks.speech.blocks;
    const posts = standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;
    await expect(checking.start({ project })).rejects.toMatchObject({
      data: { code: 'INVALID_INPUT', field: `blocks.${first!.id}.promptId` },
      message: expect.stringMatching(
        /Speech block 1.*The style “trailer” \(the project default\) is not a style of the voice Aria/su,
      ),
    });
    expect(standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST')).toHaveLength(posts);
  });

  it('answers a lookup from the cache after a restart of the app (a new cache object)', async () => {
    const project = threeTrackProject();
    const reopened = new AudioCache({ dataDir: harness.workDir, media: harness.media });
    const fresh = new GenerationService({
      lexicons: noServiceLexicons,
      manager: () => Promise.resolve(harness.manager),
      audio: reopened,
      srtAllowed: () => true,
      onUpdate: () => undefined,
    });
    const hashes = harness.updates
      .flatMap((update) => update.segments)
      .filter((s) => s.state === 'generated')
      .map((s) => s.contentHash);
    const found = await fresh.lookup(project.serviceUrl ?? '', hashes);
    expect(found.filter((update) => update.state === 'generated').length).toBe(new Set(hashes).size);
    reopened.dispose();
  });
});
