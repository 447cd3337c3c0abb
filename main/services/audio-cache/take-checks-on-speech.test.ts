import { describe, expect, it } from 'vitest';
import type { CheckedTake } from '../../../common/audio/take-checks.js';
import { speechLevelDb, takeFlags } from '../../../common/audio/take-checks.js';
import {
  checkedTake,
  defaultCheckContext,
  ORDINARY_NARRATION,
  SEED_PACES,
  SPEAKING_VOICES,
  spokenSamples,
} from './test-support/spoken-takes.js';

/**
 * The checks' defaults against real synthesized speech (the stand-in's espeak-ng voices): a project of ordinary
 * segments raises no flag, while a segment whose audio lost a sentence, or says one twice, is flagged. The
 * figures printed here are the ones in common/audio/README.md.
 */
// The first stand-in voice reads the ordinary narration.
const VOICE = SPEAKING_VOICES[0]!;

/** `spoken` read at `rateFactor` times the voice's pace, checked as the take of a block whose text is `text`. */
async function measured(spoken: string, text: string, rateFactor = 1): Promise<CheckedTake> {
  return checkedTake(VOICE, await spokenSamples(VOICE, spoken, rateFactor), text);
}

function ratio(take: CheckedTake, pace: number): number {
  const speech = take.durationMs - take.measures.leadingSilenceMs - take.measures.trailingSilenceMs;
  return speech / ((pace * take.characters) / take.speechRate);
}

describe('take checks on stand-in speech', () => {
  it('leaves ordinary takes alone and flags a removed or a repeated sentence', async () => {
    // Every segment read at the stand-in's three paces for a seed (±6 %), as another take would be.
    const ordinary: CheckedTake[] = [];
    for (const [index, text] of ORDINARY_NARRATION.entries()) {
      ordinary.push(await measured(text, text, SEED_PACES[index % SEED_PACES.length]));
    }
    const context = defaultCheckContext(ordinary);
    const { medianRmsDb } = context;
    const pace = context.paces.get('m3|en') ?? 0;
    expect(pace).toBeGreaterThan(40);
    expect(pace).toBeLessThan(90);
    const ratios = ordinary.map((take) => ratio(take, pace));
    for (const take of ordinary) expect(takeFlags(take, context)).toEqual([]);

    const full = ORDINARY_NARRATION[2] ?? '';
    const [first, second, third] = full.split(/(?<=\.) /u);
    const removed = await measured(`${first} ${third}`, full);
    const repeated = await measured(`${first} ${second} ${second} ${third}`, full);
    const flagged = [removed, repeated].map((take) => ({
      ratio: Math.round(ratio(take, pace) * 100) / 100,
      kinds: takeFlags(take, context).map((flag) => flag.kind),
    }));
    const most = (pick: (take: CheckedTake) => number): number => Math.max(...ordinary.map(pick));
    const loudness = ordinary.map((take) => speechLevelDb(take) - medianRmsDb);
    console.log(
      `longest pause ${most((take) => take.measures.longestPauseMs)} ms, leading ${most((take) => take.measures.leadingSilenceMs)} ms, ` +
        `trailing ${most((take) => take.measures.trailingSilenceMs)} ms, loudness ${Math.min(...loudness).toFixed(1)} to ` +
        `+${Math.max(...loudness).toFixed(1)} dB from the median, clipped ${most((take) => take.measures.clippedSamples)}`,
    );
    console.log(
      `pace ${pace.toFixed(1)} ms/char; ordinary ratios ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; ` +
        `removed, repeated ${flagged.map((entry) => entry.ratio.toFixed(2)).join(', ')}`,
    );
    for (const entry of flagged) expect(entry.kinds).toContain('duration');
  }, 120_000);
});
