import { describe, expect, it } from 'vitest';
import { buildCues } from './cue-builder.js';
import { defaultSubtitleSettings, type SubtitleCue, type SubtitleSettings } from './subtitle-types.js';

function expectWithinRules(cues: SubtitleCue[], settings: SubtitleSettings): void {
  cues.forEach((cue, index) => {
    expect(cue.lines.length).toBeGreaterThan(0);
    expect(cue.lines.length).toBeLessThanOrEqual(settings.maxLines);
    for (const line of cue.lines) expect([...line].length).toBeLessThanOrEqual(settings.maxCharsPerLine);
    expect(cue.endMs).toBeGreaterThan(cue.startMs);
    expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(settings.maxCueMs);
    const next = cues[index + 1];
    if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(settings.minGapMs);
  });
}

describe('buildCues', () => {
  it('places cues at the block position, timed by the pauses in its audio', () => {
    const cues = buildCues([
      {
        blockId: 'b1',
        text: 'Good morning, everyone. Please take a seat.',
        startMs: 10_000,
        durationMs: 4000,
        silences: [
          { startMs: 0, endMs: 120 },
          { startMs: 600, endMs: 700 },
          { startMs: 1800, endMs: 2300 },
          { startMs: 3700, endMs: 4000 },
        ],
      },
    ]);
    expect(cues.map((cue) => [cue.startMs, cue.lines.join(' ')])).toEqual([
      [10_120, 'Good morning, everyone.'],
      [12_300, 'Please take a seat.'],
    ]);
    // The first cue ends in the pause after "everyone", extended to be readable but not into the next cue.
    expect(cues[0]?.endMs).toBeGreaterThanOrEqual(11_800);
    expect(cues[0]?.endMs).toBeLessThanOrEqual(12_300 - 80);
    expect(cues[1]?.endMs).toBe(13_700);
  });

  it('keeps every cue within the line, duration and gap rules over many blocks', () => {
    const words =
      'river stone light quiet morning harbour, lantern; window garden. paper! silver? yellow'.split(' ');
    // Each block ends before the next starts (at most 9.2 s of speech every 10 s), as flowing speech does.
    const sources = Array.from({ length: 40 }, (_, block) => {
      const count = 3 + ((block * 7) % 60);
      const text = Array.from({ length: count }, (_, i) => words[(block + i * 3) % words.length]).join(' ');
      return { blockId: `b${block}`, text, startMs: block * 10_000, durationMs: 500 + count * 140 };
    });
    const cues = buildCues(sources);
    expect(cues.length).toBeGreaterThan(40);
    expectWithinRules(cues, defaultSubtitleSettings);
  });

  it('extends a short cue to the reading-speed duration when there is room, but at most 1.5 s past the speech', () => {
    const [cue] = buildCues([
      { blockId: 'b', text: 'A fairly long line of text read fast.', startMs: 0, durationMs: 600 },
    ]);
    // 37 characters at 17 per second need about 2.18 s; the speech lasts 0.6 s, so 2.1 s is the most allowed.
    expect(cue?.endMs).toBe(2100);
  });

  it('respects the minimum gap between blocks that follow each other closely', () => {
    const cues = buildCues([
      { blockId: 'a', text: 'First block.', startMs: 0, durationMs: 1000 },
      { blockId: 'b', text: 'Second block.', startMs: 1020, durationMs: 1000 },
    ]);
    expect(cues[0]?.endMs).toBe(940);
    expect(cues[1]?.startMs).toBe(1020);
  });

  it('re-cuts a piece spoken for longer than the maximum cue duration', () => {
    const settings = { ...defaultSubtitleSettings, maxCueMs: 3000 };
    const cues = buildCues(
      [
        {
          blockId: 'slow',
          text: 'These few words are spoken very slowly indeed by the narrator',
          startMs: 0,
          durationMs: 9000,
        },
      ],
      settings,
    );
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expectWithinRules(cues, settings);
  });

  it('joins a short sentence to the next one when it cannot stay up long enough alone', () => {
    const cues = buildCues([{ blockId: 'b', text: 'Hi. How are you today?', startMs: 0, durationMs: 1500 }]);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['Hi. How are you today?']);
  });

  it('skips blocks with nothing to read', () => {
    expect(buildCues([{ blockId: 'b', text: '  …  ', startMs: 0, durationMs: 1000 }])).toEqual([]);
  });

  it('ends no cue after the audio: the last cue lengthened for reading time stops at the end of the file', () => {
    // 37 characters need about 2.18 s to read; the speech ends at 10.6 s and the file 180 ms later.
    const sources = [
      { blockId: 'a', text: 'Opening words.', startMs: 0, durationMs: 1200 },
      { blockId: 'b', text: 'A fairly long line of text read fast.', startMs: 10_000, durationMs: 600 },
    ];
    expect(buildCues(sources).at(-1)?.endMs).toBe(12_100);
    const cues = buildCues(sources, defaultSubtitleSettings, 10_780.6);
    expect(cues.at(-1)).toMatchObject({ startMs: 10_000, endMs: 10_780 });
    expect(Math.max(...cues.map((cue) => cue.endMs))).toBeLessThanOrEqual(10_780.6);
    expectWithinRules(cues, defaultSubtitleSettings);
  });

  it('keeps a line on screen while it is spoken when another lane’s line starts over it (overlapping dialogue)', () => {
    // A dub's two speakers at once: Bob starts 300 ms into Alice's 2-second line.
    const cues = buildCues([
      { blockId: 'alice', text: 'Where were you all night?', startMs: 1000, durationMs: 2000, lane: 0 },
      { blockId: 'bob', text: 'Out.', startMs: 1300, durationMs: 500, lane: 1 },
    ]);
    expect(cues.map((cue) => [cue.blockId, cue.startMs, cue.endMs])).toEqual([
      ['alice', 1000, 3000],
      ['bob', 1300, expect.any(Number) as number],
    ]);
    // One block's own cues still keep the minimum gap between them.
    const own = buildCues([
      { blockId: 'a', text: 'Good morning. Take a seat.', startMs: 0, durationMs: 3000 },
    ]);
    expectWithinRules(own, defaultSubtitleSettings);
  });

  it('ends a line when its words end though another lane’s line starts just before, and keeps the gap within a lane', () => {
    // Alice runs on past her slot; Bob (another lane) starts 40 ms before her words end; Alice speaks again later.
    const cues = buildCues([
      { blockId: 'alice', text: 'Where were you all night?', startMs: 1000, durationMs: 2000, lane: 0 },
      { blockId: 'bob', text: 'Out.', startMs: 2960, durationMs: 500, lane: 1 },
      { blockId: 'alice-2', text: 'Out where?', startMs: 3100, durationMs: 600, lane: 0 },
    ]);
    const end = (id: string) => cues.find((cue) => cue.blockId === id)!.endMs;
    expect(end('alice')).toBe(3000);
    // Within one lane the minimum gap still holds, also past a cue of another lane spoken in between: Alice's
    // words end 50 ms before her next line, so her cue ends the gap before it.
    const close = buildCues([
      { blockId: 'a1', text: 'Where were you all night?', startMs: 0, durationMs: 2000, lane: 0 },
      { blockId: 'b1', text: 'Out.', startMs: 500, durationMs: 400, lane: 1 },
      { blockId: 'a2', text: 'Out where?', startMs: 2050, durationMs: 600, lane: 0 },
    ]);
    expect(close.find((cue) => cue.blockId === 'a1')!.endMs).toBe(2050 - defaultSubtitleSettings.minGapMs);
  });
});
