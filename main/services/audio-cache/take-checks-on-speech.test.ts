import { describe, expect, it } from 'vitest';
import { AudioAnalyser } from '../../../common/audio/audio-analysis.js';
import type { CheckedTake } from '../../../common/audio/take-checks.js';
import {
  DEFAULT_CHECK_THRESHOLDS,
  learnPace,
  median,
  speechLevelDb,
  takeFlags,
} from '../../../common/audio/take-checks.js';
import { measureTake } from '../../../common/audio/take-measures.js';
import { WORK_SAMPLE_RATE } from '../../../standin/audio/pcm.js';
import { synthesizeSpeech } from '../../../standin/audio/speech-synthesis.js';

/**
 * The checks' defaults against real synthesized speech (the stand-in's espeak-ng voices): a project of ordinary
 * segments raises no flag, while a segment whose audio lost a sentence, or says one twice, is flagged. The
 * figures printed here are the ones in common/audio/README.md.
 */
const SEGMENTS = [
  'The lighthouse keeper climbed the stairs at dusk. He lit the lamp and watched the sea.',
  'Rain fell on the harbour all night long.',
  'She opened the letter slowly. The handwriting was her brother’s, small and careful. He wrote that he was coming home.',
  'Nobody in the village remembered the last time the bell had rung.',
  'We walked for hours. The road turned to gravel, then to dust. At last the farmhouse came into view.',
  'Chapter two. The morning after the storm.',
  'His voice was calm, but his hands were shaking as he set the cup down on the table.',
  'Three ships left the port that spring. Only one returned before winter.',
  'The market was loud and crowded. Merchants called out prices over each other, and children ran between the stalls.',
  'It was the quietest summer anyone could recall.',
  'They found the key under a loose stone by the gate. It was rusted, but it still turned in the lock.',
  'Outside, the wind kept on, patient and cold.',
];

const VOICE = { espeakVoice: 'en-us+m3', pitch: 30, wordsPerMinute: 175 };
const SEEDS = [1.0, 0.94, 1.06];

async function measured(spoken: string, text: string, rateFactor = 1): Promise<CheckedTake> {
  const { samples } = await synthesizeSpeech({
    ...VOICE,
    wordsPerMinute: VOICE.wordsPerMinute * rateFactor,
    text: spoken,
    speechRate: 1,
  });
  const analyser = new AudioAnalyser();
  analyser.add([samples], samples.length, WORK_SAMPLE_RATE);
  const analysis = analyser.finish();
  return {
    measures: measureTake(analysis),
    durationMs: analysis.durationMs,
    characters: text.length,
    voiceKey: 'm3|en',
    speechRate: 1,
  };
}

function ratio(take: CheckedTake, pace: number): number {
  const speech = take.durationMs - take.measures.leadingSilenceMs - take.measures.trailingSilenceMs;
  return speech / ((pace * take.characters) / take.speechRate);
}

describe('take checks on stand-in speech', () => {
  it('leaves ordinary takes alone and flags a removed or a repeated sentence', async () => {
    // Every segment read at the stand-in's three paces for a seed (±6 %), as another take would be.
    const ordinary: CheckedTake[] = [];
    for (const [index, text] of SEGMENTS.entries()) {
      ordinary.push(await measured(text, text, SEEDS[index % SEEDS.length]));
    }
    const paces = learnPace(ordinary);
    const pace = paces.get('m3|en') ?? 0;
    expect(pace).toBeGreaterThan(40);
    expect(pace).toBeLessThan(90);
    const medianRmsDb = median(ordinary.map(speechLevelDb));
    const context = { paces, medianRmsDb, thresholds: DEFAULT_CHECK_THRESHOLDS };
    const ratios = ordinary.map((take) => ratio(take, pace));
    for (const take of ordinary) expect(takeFlags(take, context)).toEqual([]);

    const full = SEGMENTS[2] ?? '';
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
