import { AudioAnalyser } from '../../../../common/audio/audio-analysis.js';
import type { CheckedTake } from '../../../../common/audio/take-checks.js';
import {
  DEFAULT_CHECK_THRESHOLDS,
  learnPace,
  median,
  speechLevelDb,
} from '../../../../common/audio/take-checks.js';
import { measureTake } from '../../../../common/audio/take-measures.js';
import { WORK_SAMPLE_RATE } from '../../../../standin/audio/pcm.js';
import { synthesizeSpeech } from '../../../../standin/audio/speech-synthesis.js';

// What the tests of the review checks on real speech share: takes read by the stand-in's espeak-ng voices and
// measured as the audio cache measures delivered audio.

/** Ordinary narration: one to three sentences a segment, as a book's blocks are. */
export const ORDINARY_NARRATION = [
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

/** Two of the stand-in's market voices, `key` as the checks group takes by voice. */
export const SPEAKING_VOICES = [
  { key: 'm3|en', espeakVoice: 'en-us+m3', pitch: 30, wordsPerMinute: 175 },
  { key: 'f3|en', espeakVoice: 'en-us+f3', pitch: 62, wordsPerMinute: 165 },
];

export type SpeakingVoice = (typeof SPEAKING_VOICES)[number];

/** The stand-in's paces for a seed (±6 %), as another take would be read. */
export const SEED_PACES = [1.0, 0.94, 1.06];

/** `spoken` read by `voice` at `rateFactor` times its pace. */
export async function spokenSamples(
  voice: SpeakingVoice,
  spoken: string,
  rateFactor = 1,
): Promise<Float32Array> {
  const { samples } = await synthesizeSpeech({
    espeakVoice: voice.espeakVoice,
    pitch: voice.pitch,
    wordsPerMinute: voice.wordsPerMinute * rateFactor,
    text: spoken,
    speechRate: 1,
  });
  return samples;
}

/** The take as the checks see it: `samples` measured, for a block whose text is `text`. */
export function checkedTake(voice: SpeakingVoice, samples: Float32Array, text: string): CheckedTake {
  const analyser = new AudioAnalyser();
  analyser.add([samples], samples.length, WORK_SAMPLE_RATE);
  const analysis = analyser.finish();
  return {
    measures: measureTake(analysis),
    durationMs: analysis.durationMs,
    characters: text.length,
    voiceKey: voice.key,
    speechRate: 1,
  };
}

/**
 * What the checks judge each of `takes` against with their default thresholds, as reviewFlags does: each voice's
 * pace learned from every take, loudness against the takes' median.
 */
export function defaultCheckContext(takes: readonly CheckedTake[]) {
  return {
    paces: learnPace(takes),
    medianRmsDb: median(takes.map(speechLevelDb)),
    thresholds: DEFAULT_CHECK_THRESHOLDS,
  };
}
