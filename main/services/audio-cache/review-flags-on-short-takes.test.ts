import { describe, expect, it } from 'vitest';
import type { CheckedTake, TakeFlag } from '../../../common/audio/take-checks.js';
import { learnPace, takeFlags } from '../../../common/audio/take-checks.js';
import { WORK_SAMPLE_RATE, concat, silence } from '../../../standin/audio/pcm.js';
import type { SpeakingVoice } from './test-support/spoken-takes.js';
import {
  checkedTake,
  defaultCheckContext,
  ORDINARY_NARRATION,
  SEED_PACES,
  SPEAKING_VOICES,
  spokenSamples,
} from './test-support/spoken-takes.js';

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

type Breakage = 'truncated' | 'repeated' | 'padded' | 'gap' | 'clipped' | 'quiet';

interface Case {
  label: string;
  short: boolean;
  broken: Breakage | undefined;
  take: CheckedTake;
}

const LEAD_S = 0.05;
const TAIL_S = 0.15;

/** The take as a service could break it: what was asked is `text`, what came back is this audio. */
async function broken(voice: SpeakingVoice, text: string, breakage: Breakage): Promise<Float32Array> {
  const samples = await spokenSamples(voice, text, 1);
  const lead = Math.round(LEAD_S * WORK_SAMPLE_RATE);
  const tail = Math.round(TAIL_S * WORK_SAMPLE_RATE);
  switch (breakage) {
    case 'truncated': {
      // The audio stops half-way through the speech, then the usual tail.
      const spoken = samples.length - lead - tail;
      return concat([samples.subarray(0, lead + Math.round(spoken / 2)), silence(TAIL_S)]);
    }
    case 'repeated':
      return spokenSamples(voice, `${text} ${text}`, 1);
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
  for (const voice of SPEAKING_VOICES) {
    for (const [group, texts] of [
      ['short', SHORT],
      ['normal', ORDINARY_NARRATION],
    ] as const) {
      for (const [index, text] of texts.entries()) {
        const take = checkedTake(
          voice,
          await spokenSamples(voice, text, SEED_PACES[index % SEED_PACES.length]!),
          text,
        );
        cases.push({ label: `${voice.key} “${text}”`, short: group === 'short', broken: undefined, take });
      }
    }
  }
  // Broken takes in the first voice, each kind on two texts of each group.
  const voice = SPEAKING_VOICES[0]!;
  const kinds: Breakage[] = ['truncated', 'repeated', 'padded', 'gap', 'clipped', 'quiet'];
  for (const [group, texts] of [
    ['short', SHORT],
    ['normal', ORDINARY_NARRATION],
  ] as const) {
    for (const [index, text] of texts.entries()) {
      const kind = kinds[index % kinds.length]!;
      const take = checkedTake(voice, await broken(voice, text, kind), text);
      cases.push({ label: `${kind} “${text}”`, short: group === 'short', broken: kind, take });
    }
  }
  return cases;
}

/** The flags of every case as reviewFlags gives them: pace learned from every take, loudness from the median. */
function judge(cases: readonly Case[]): TakeFlag[][] {
  const takes = cases.map((entry) => entry.take);
  const context = defaultCheckContext(takes);
  return takes.map((take) => takeFlags(take, context));
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
