import { describe, expect, it } from 'vitest';
import { AudioAnalyser } from '../../../common/audio/audio-analysis.js';
import type { CheckedTake, TakeFlag } from '../../../common/audio/take-checks.js';
import {
  DEFAULT_CHECK_THRESHOLDS,
  learnPace,
  median,
  speechLevelDb,
  takeFlags,
} from '../../../common/audio/take-checks.js';
import { measureTake } from '../../../common/audio/take-measures.js';
import { WORK_SAMPLE_RATE, concat, silence } from '../../../standin/audio/pcm.js';
import { synthesizeSpeech } from '../../../standin/audio/speech-synthesis.js';

/**
 * The review checks over a book's worth of real espeak-ng takes (the stand-in's synthesizer): ordinary takes of
 * short lines (a chapter number, "Yes.") and of narration, in two voices at the stand-in's three paces, beside
 * takes broken on purpose (cut short, said twice, dead air before, a gap inside, clipped, too quiet). Ordinary
 * takes must raise no flag; broken ones must, except a one-word take cut short: its length is within what
 * ordinary one-word takes vary. The figures printed are the ones in common/audio/README.md.
 */
const SHORT = [
  'Yes.',
  'No.',
  'Chapter 3.',
  'Chapter Twelve.',
  'Part Two.',
  'Epilogue.',
  'Thank you.',
  'Why?',
  'Oh.',
  'Prologue.',
  'Go!',
  'Seven.',
];

const NORMAL = [
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

/** Two of the stand-in's market voices; the seeds' paces (±6 %) as another take would be read. */
const VOICES = [
  { key: 'm3|en', espeakVoice: 'en-us+m3', pitch: 30, wordsPerMinute: 175 },
  { key: 'f3|en', espeakVoice: 'en-us+f3', pitch: 62, wordsPerMinute: 165 },
];
const SEEDS = [1.0, 0.94, 1.06];

type Voice = (typeof VOICES)[number];
type Breakage = 'truncated' | 'repeated' | 'padded' | 'gap' | 'clipped' | 'quiet';

interface Case {
  label: string;
  short: boolean;
  broken: Breakage | undefined;
  take: CheckedTake;
}

async function speech(voice: Voice, spoken: string, rateFactor: number): Promise<Float32Array> {
  const { samples } = await synthesizeSpeech({
    espeakVoice: voice.espeakVoice,
    pitch: voice.pitch,
    wordsPerMinute: voice.wordsPerMinute * rateFactor,
    text: spoken,
    speechRate: 1,
  });
  return samples;
}

function checked(voice: Voice, samples: Float32Array, text: string): CheckedTake {
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

const LEAD_S = 0.05;
const TAIL_S = 0.15;

/** The take as a service could break it: what was asked is `text`, what came back is this audio. */
async function broken(voice: Voice, text: string, breakage: Breakage): Promise<Float32Array> {
  const samples = await speech(voice, text, 1);
  const lead = Math.round(LEAD_S * WORK_SAMPLE_RATE);
  const tail = Math.round(TAIL_S * WORK_SAMPLE_RATE);
  switch (breakage) {
    case 'truncated': {
      // The audio stops half-way through the speech, then the usual tail.
      const spoken = samples.length - lead - tail;
      return concat([samples.subarray(0, lead + Math.round(spoken / 2)), silence(TAIL_S)]);
    }
    case 'repeated':
      return speech(voice, `${text} ${text}`, 1);
    case 'padded':
      // 1.5 s of dead air before the speech.
      return concat([silence(1.5), samples]);
    case 'gap': {
      // 2.5 s of silence in the middle of the speech.
      const middle = lead + Math.round((samples.length - lead - tail) / 2);
      return concat([samples.subarray(0, middle), silence(2.5), samples.subarray(middle)]);
    }
    case 'clipped':
      // Eight times too loud: the peaks are cut at full scale.
      return samples.map((sample) => Math.max(-1, Math.min(1, sample * 8)));
    case 'quiet':
      // 12 dB too quiet.
      return samples.map((sample) => sample / 4);
    default: {
      const exhaustive: never = breakage;
      return exhaustive;
    }
  }
}

async function corpus(): Promise<Case[]> {
  const cases: Case[] = [];
  for (const voice of VOICES) {
    for (const [group, texts] of [
      ['short', SHORT],
      ['normal', NORMAL],
    ] as const) {
      for (const [index, text] of texts.entries()) {
        const take = checked(voice, await speech(voice, text, SEEDS[index % SEEDS.length]!), text);
        cases.push({ label: `${voice.key} “${text}”`, short: group === 'short', broken: undefined, take });
      }
    }
  }
  // Broken takes in the first voice, each kind on two texts of each group.
  const voice = VOICES[0]!;
  const kinds: Breakage[] = ['truncated', 'repeated', 'padded', 'gap', 'clipped', 'quiet'];
  for (const [group, texts] of [
    ['short', SHORT],
    ['normal', NORMAL],
  ] as const) {
    for (const [index, text] of texts.entries()) {
      const kind = kinds[index % kinds.length]!;
      const take = checked(voice, await broken(voice, text, kind), text);
      cases.push({ label: `${kind} “${text}”`, short: group === 'short', broken: kind, take });
    }
  }
  return cases;
}

/** The flags of every case as reviewFlags gives them: pace learned from every take, loudness from the median. */
function judge(cases: readonly Case[]): TakeFlag[][] {
  const takes = cases.map((entry) => entry.take);
  const paces = learnPace(takes);
  const medianRmsDb = median(takes.map(speechLevelDb));
  return takes.map((take) => takeFlags(take, { paces, medianRmsDb, thresholds: DEFAULT_CHECK_THRESHOLDS }));
}

describe('review checks on short and ordinary espeak-ng takes', () => {
  it('raises no flag on ordinary takes, short ones included, and still flags broken ones', async () => {
    const cases = await corpus();
    const flags = judge(cases);
    const rows = cases.map((entry, index) => ({ ...entry, kinds: flags[index]!.map((flag) => flag.kind) }));
    const tally = (short: boolean, isBroken: boolean) => {
      const group = rows.filter((row) => row.short === short && (row.broken !== undefined) === isBroken);
      return `${group.filter((row) => row.kinds.length > 0).length} of ${group.length}`;
    };
    console.log(
      `false positives: short ${tally(true, false)}, normal ${tally(false, false)}; ` +
        `broken flagged: short ${tally(true, true)}, normal ${tally(false, true)}`,
    );
    const paces = learnPace(cases.map((entry) => entry.take));
    const offMs = (take: CheckedTake) =>
      take.durationMs -
      take.measures.leadingSilenceMs -
      take.measures.trailingSilenceMs -
      (paces.get(take.voiceKey) ?? 0) * take.characters;
    const short = (broken: Breakage | undefined) =>
      rows.filter((row) => row.short && row.broken === broken).map((row) => Math.round(offMs(row.take)));
    console.log(
      `paces ${[...paces].map(([voice, pace]) => `${voice} ${pace.toFixed(1)}`).join(', ')} ms/char; ` +
        `short lines off their per-character length: ordinary ${Math.min(...short(undefined))}…+${Math.max(...short(undefined))} ms, ` +
        `said twice +${Math.min(...short('repeated'))} ms or more, cut off ${short('truncated').join(', ')} ms`,
    );
    for (const row of rows) {
      if (row.kinds.length > 0 || row.broken !== undefined) {
        const speechMs =
          row.take.durationMs - row.take.measures.leadingSilenceMs - row.take.measures.trailingSilenceMs;
        console.log(
          `${row.broken ?? 'ordinary'} ${row.label} speech ${speechMs} ms: ${row.kinds.join(', ') || '—'}`,
        );
      }
    }
    expect(rows.filter((row) => row.broken === undefined && row.kinds.length > 0)).toEqual([]);
    for (const row of rows) {
      if (row.broken === undefined || (row.short && row.broken === 'truncated')) continue;
      expect(row.kinds.length, row.label).toBeGreaterThan(0);
    }
  }, 180_000);
});
