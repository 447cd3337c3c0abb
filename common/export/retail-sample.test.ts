import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import { contextOf, sequentialIds } from '../project/test-support.js';
import type { Project } from '../project/project-schema.js';
import { timeReadAlong } from '../readalong/readalong-timing.js';
import { chooseRetailSample, sampleOpening, type RetailSample } from './retail-sample.js';
import { creditBlockIds, estimatedSampleSpeech, sampleSpeechOf } from './retail-sample-speech.js';
import { retailProfile } from './retail-profiles.js';

const ACX = retailProfile('acx').retailSample!;
const BLOCK_MS = 20_000;

/** Opening credits (block 1), then `body` blocks of two sentences each lasting 20 s, then closing credits. */
function book(body: number): Project {
  const ids = sequentialIds();
  const blocks = [
    createTextBlock(
      { id: 'open', text: 'Timbre Audio presents a book. Read by Ava.', chapterTitle: 'Opening Credits' },
      ids,
    ),
    ...Array.from({ length: body }, (_, index) =>
      createTextBlock(
        {
          id: `b${index + 2}`,
          text: `Block ${index + 2} says its first sentence. Then block ${index + 2} says another one.`,
          ...(index === 0 ? { chapterTitle: 'Chapter One' } : {}),
        },
        ids,
      ),
    ),
    createTextBlock(
      { id: 'close', text: 'The end. This was read by Ava.', chapterTitle: 'Closing Credits' },
      ids,
    ),
  ];
  const project = createProject({ id: 'p', title: 'Book', createdAt: '2024-01-01T00:00:00.000Z' }, ids);
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

function speechOf(project: Project) {
  const sources = project.tracks.speech.blocks.map((block, index) => ({
    blockId: block.id,
    text: 'text' in block ? block.text : '',
    startMs: index * BLOCK_MS,
    durationMs: BLOCK_MS - 500,
  }));
  return sampleSpeechOf(project, timeReadAlong(sources, sources.length * BLOCK_MS));
}

function sentenceEnds(project: Project): number[] {
  return speechOf(project).blocks.flatMap((block) => block.sentences.map((sentence) => sentence.endMs));
}

function blockNumbers(sample: RetailSample): number[] {
  return sample.passages.map((passage) => passage.blockNumber);
}

describe('chooseRetailSample', () => {
  it('proposes ~3 minutes of whole sentences from the first chapter, after the opening credits', () => {
    const project = book(30);
    const choice = chooseRetailSample(speechOf(project), ACX);
    if (!choice.ok) throw new Error(choice.problem);
    const { sample } = choice;
    const firstSentence = speechOf(project).blocks[1]!.sentences[0]!;
    expect(sample.startMs).toBe(firstSentence.startMs);
    expect(sentenceEnds(project)).toContain(sample.endMs);
    expect(sample.endMs - sample.startMs).toBeLessThanOrEqual(180_000);
    // One more sentence would pass the 3 minutes: the sample takes every sentence that fits.
    const next = sentenceEnds(project).find((end) => end > sample.endMs)!;
    expect(next - sample.startMs).toBeGreaterThan(180_000);
    expect(blockNumbers(sample)[0]).toBe(2);
    expect(sample.passages.map((passage) => passage.blockId)).not.toContain('open');
    expect(sampleOpening(sample, 4)).toBe('Block 2 says its…');
  });

  it('starts at the block the user picks and keeps to the length they ask', () => {
    const project = book(30);
    const choice = chooseRetailSample(speechOf(project), ACX, {
      start: { blockNumber: 5 },
      lengthSeconds: 61,
    });
    if (!choice.ok) throw new Error(choice.problem);
    expect(blockNumbers(choice.sample)[0]).toBe(5);
    expect(choice.sample.passages[0]!.text).toMatch(/^Block 5 says its first sentence\./u);
    // 61 s of whole sentences would last 59 s here: one more sentence brings it to the retailer's minute.
    expect(choice.sample.endMs - choice.sample.startMs).toBeGreaterThanOrEqual(60_000);
    expect(choice.sample.endMs - choice.sample.startMs).toBeLessThan(60_000 + BLOCK_MS);
  });

  it('starts a sample picked by time at the next sentence start, never inside a sentence', () => {
    const project = book(30);
    const midSentence = 5 * BLOCK_MS + 2000;
    const choice = chooseRetailSample(speechOf(project), ACX, { start: { atMs: midSentence } });
    if (!choice.ok) throw new Error(choice.problem);
    const starts = speechOf(project).blocks.flatMap((block) => block.sentences.map((s) => s.startMs));
    expect(choice.sample.startMs).toBe(starts.find((start) => start >= midSentence));
    expect(choice.sample.passages[0]!.text).toMatch(/^Then block 6/u);
  });

  it('stops before the closing credits, and refuses a sample that then lasts under the minimum', () => {
    const project = book(30);
    const tooLate = chooseRetailSample(speechOf(project), ACX, { start: { blockNumber: 29 } });
    expect(tooLate).toEqual({
      ok: false,
      problem: expect.stringMatching(
        /block 29 \(9:20\) lasts only 0:\d\d before the credits: .*at least 60 s/u,
      ),
    });
    const fits = chooseRetailSample(speechOf(project), ACX, { start: { blockNumber: 27 } });
    if (!fits.ok) throw new Error(fits.problem);
    expect(blockNumbers(fits.sample)).toEqual([27, 28, 29, 30, 31]);
  });

  it('refuses a start in the credits and a length outside the profile’s bounds, naming the rule', () => {
    const speech = speechOf(book(30));
    expect(chooseRetailSample(speech, ACX, { start: { blockNumber: 1 } })).toEqual({
      ok: false,
      problem: 'Sample start: block 1 is part of the credits, and a retail sample must not contain credits.',
    });
    expect(chooseRetailSample(speech, ACX, { lengthSeconds: 400 })).toEqual({
      ok: false,
      problem: 'Sample length: 400 s is outside the 60–300 s the retailer takes for a retail sample.',
    });
    expect(chooseRetailSample(speech, ACX, { start: { blockNumber: 99 } })).toMatchObject({ ok: false });
  });
});

describe('creditBlockIds and estimatedSampleSpeech', () => {
  it('counts every block of a chapter titled credits, up to the next chapter', () => {
    const project = book(3);
    expect([...creditBlockIds(project)]).toEqual(['open', 'close']);
  });

  it('proposes the same first sentence from the editor’s timeline as from the written audio', () => {
    const project = book(30);
    const layout = layoutTimeline(project, contextOf(project));
    const choice = chooseRetailSample(estimatedSampleSpeech(project, layout, {}, ACX.maxSeconds), ACX);
    if (!choice.ok) throw new Error(choice.problem);
    expect(choice.sample.passages[0]).toMatchObject({ blockId: 'b2', blockNumber: 2 });
  });

  it('times only the blocks around the sample, and cuts the same sample as from the whole book', () => {
    const project = book(300);
    const layout = layoutTimeline(project, contextOf(project));
    const sources = layout.speech.map((item, index) => ({
      blockId: item.blockId,
      text: (project.tracks.speech.blocks[index] as { text: string }).text,
      startMs: item.startMs,
      durationMs: item.durationMs,
    }));
    const whole = sampleSpeechOf(project, timeReadAlong(sources, layout.totalMs));
    for (const request of [
      {},
      { start: { blockNumber: 20 } },
      { start: { atMs: layout.speech[30]!.startMs + 1 } },
    ]) {
      const windowed = estimatedSampleSpeech(project, layout, request, ACX.maxSeconds);
      expect(windowed.blocks.length).toBeLessThan(whole.blocks.length / 2);
      expect(chooseRetailSample(windowed, ACX, request)).toEqual(chooseRetailSample(whole, ACX, request));
    }
  });
});
