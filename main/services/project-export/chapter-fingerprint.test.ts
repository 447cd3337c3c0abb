import { describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import type { ChapterRequest } from './chapter-fingerprint.js';
import { chapterFingerprints } from './chapter-fingerprint.js';

// One chapter of one line, as a per-chapter export asks the engine for it.
const plan: RenderPlan = {
  sampleRate: 44100,
  channels: 1,
  durationMs: 4600,
  clips: [
    {
      id: 'a',
      track: 'speech',
      sourceKey: 'take-a',
      startMs: 600,
      durationMs: 2000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    },
  ],
  cues: [{ blockId: 'a', text: 'One.', startMs: 600, durationMs: 2000, clipId: 'a' }],
};
const request: ChapterRequest = {
  plan,
  options: defaultProjectExportSettings.options,
  tags: { metadata: { title: 'One', track: '1/1' }, chapters: [], markers: false, chaptersJson: false },
};

/**
 * This chapter's fingerprint as exports wrote it into their folder's list before the engine's output changed
 * (fingerprint version 1, before the ACX output gain of d13ce67 raised a short or peaky chapter by what its limiter
 * took): a chapter file listed with it was rendered by the older engine and must never be kept as current.
 */
const BEFORE_THE_OUTPUT_GAIN = '88825f3916fec56df86eed8cc564138610ace9d8fcb306bcc7b360f8b91381f4';

describe('chapterFingerprints', () => {
  it('does not match a chapter listed before the engine changed what it writes, so that chapter is rendered again', async () => {
    const [now] = await chapterFingerprints([request], ['01 One.wav']);
    expect(now).toMatch(/^[0-9a-f]{64}$/u);
    expect(now).not.toBe(BEFORE_THE_OUTPUT_GAIN);
  });

  it('is the same for the same request and differs for another file name', async () => {
    const [first, renamed] = await chapterFingerprints([request, request], ['01 One.wav', '01 Uno.wav']);
    const [again] = await chapterFingerprints([request], ['01 One.wav']);
    expect(again).toBe(first);
    expect(renamed).not.toBe(first);
  });
});
