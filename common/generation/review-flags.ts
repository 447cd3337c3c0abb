import type { CheckThresholds, CheckedTake, TakeFlag } from '../audio/take-checks.js';
import type { SendContext } from '../project/send-context.js';
import { describeFlag, learnPace, median, speechLevelDb, takeFlags } from '../audio/take-checks.js';
import type { Block, Project, Take } from '../project/index.js';
import { activeTake, excerpt, findBlock, forEachBlock } from '../project/index.js';
import { takesOf } from '../project/takes.js';
import { overrunFlags } from '../timing/overrun-flags.js';

/** Loudness is compared with the project's median once it has this many measured speech takes. */
const LOUDNESS_MIN_TAKES = 3;

// What the checks read from a take, kept per take object (takes are immutable): the review follows every edit of a
// 10,000-block audiobook, and most takes are the same objects as before.
const checkedMemo = new WeakMap<Take, { speech: boolean; value: CheckedTake | undefined }>();

function checked(block: Block, take: Take): CheckedTake | undefined {
  const speech = block.type === 'text';
  const known = checkedMemo.get(take);
  if (known !== undefined && known.speech === speech) return known.value;
  const value = measuredTake(speech, take);
  checkedMemo.set(take, { speech, value });
  return value;
}

function measuredTake(speech: boolean, take: Take): CheckedTake | undefined {
  if (!take.measures) return undefined;
  const params = take.made?.params ?? {};
  const rate = params.speechRate;
  return {
    measures: take.measures,
    durationMs: take.durationMs,
    // Effects and music have no pace to learn: their length is whatever was asked for.
    characters: speech ? (take.made?.text.length ?? 0) : 0,
    // A key, not text: JSON keeps two different voices apart even when a hand-edited file holds a non-string id.
    voiceKey: JSON.stringify([params.voiceId ?? null, params.language ?? null]),
    speechRate: typeof rate === 'number' && rate > 0 ? rate : 1,
  };
}

/**
 * The checks' open flags on each block's playing take (by block id; blocks without open flags are left out).
 * The pace of each voice is learned from every measured take of the project, and loudness is compared with the
 * median of the speech takes that play. The user's verdicts close flags: a take the user pinned was chosen by
 * ear, so it is left alone, and so is every kind of flag marked "Sounds fine" on that take (`acceptedFlags`).
 * A fixed timed line whose take runs past its slot is flagged `overrun` (common/timing/overrun-flags.ts).
 */
export function reviewFlags(
  project: Project,
  context: SendContext,
  thresholds: CheckThresholds,
): Map<string, TakeFlag[]> {
  const playing: { block: Block; active: Take; take: CheckedTake }[] = [];
  const all: CheckedTake[] = [];
  forEachBlock(project, (block) => {
    const takes = takesOf(block);
    if (takes.length === 0) return;
    // An indexed loop: this runs after every followed edit of an audiobook, too rarely to be optimised, and an
    // unoptimised for…of allocates at each step.
    for (let index = 0; index < takes.length; index += 1) {
      const measured = checked(block, takes[index]!);
      if (measured && measured.characters > 0) all.push(measured);
    }
    const active = activeTake(block, context);
    const measured = active ? checked(block, active) : undefined;
    if (active && measured) playing.push({ block, active, take: measured });
  });
  const paces = learnPace(all);
  // Every playing take sets the project's typical level, those the user has judged too.
  const speechLevels = playing
    .filter((entry) => entry.block.type === 'text')
    .map((entry) => speechLevelDb(entry.take));
  const medianRmsDb = speechLevels.length >= LOUDNESS_MIN_TAKES ? median(speechLevels) : undefined;
  const flags = new Map<string, TakeFlag[]>();
  for (const { block, active, take } of playing) {
    if (block.pinnedTake === active.cacheKey) continue;
    const accepted = active.acceptedFlags ?? [];
    const found = takeFlags(take, {
      paces,
      medianRmsDb: block.type === 'text' ? medianRmsDb : undefined,
      thresholds,
    }).filter((flag) => !accepted.includes(flag.kind));
    if (found.length > 0) flags.set(block.id, found);
  }
  // A timed line's take against its slot: a fact about the picture, so pinning does not close it.
  for (const [blockId, overrun] of overrunFlags(project, context)) {
    flags.set(blockId, [...(flags.get(blockId) ?? []), overrun]);
  }
  return flags;
}

const LISTED_IN_SUMMARY = 3;

/** One sentence for a batch note or the command line: how many blocks need review, and the first few why. */
export function summariseFlags(project: Project, flags: ReadonlyMap<string, readonly TakeFlag[]>): string {
  const listed = [...flags.entries()].slice(0, LISTED_IN_SUMMARY).map(([blockId, found]) => {
    const block = findBlock(project, blockId)?.block;
    const label = block && 'text' in block ? `“${excerpt(block.text, 40)}”` : blockId;
    return `${label}: ${found.map(describeFlag).join(' ')}`;
  });
  const more = flags.size > LISTED_IN_SUMMARY ? ` …and ${flags.size - LISTED_IN_SUMMARY} more.` : '';
  return `${flags.size} block${flags.size === 1 ? '' : 's'} need${flags.size === 1 ? 's' : ''} review — ${listed.join(' ')}${more}`;
}
