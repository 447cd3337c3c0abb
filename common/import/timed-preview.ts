import { createProject, createTextBlock } from '../project/block-factory.js';
import type { LineTiming } from './imported-script.js';
import { sendContext } from '../project/send-context.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import { fitCheck } from '../timing/fit-check.js';

/** One cue as the import preview lists it: its times, slot, speaker and lane, and the fit check's first estimate. */
export interface TimedPreviewCue {
  startMs: number;
  /** Absent: the cue gave no end. */
  endMs?: number;
  /** The time it may use (cue end, else the next line's start in its lane); absent: open-ended. */
  slotMs?: number;
  lane: number;
  speaker?: string;
  text: string;
  estimatedMs: number;
  /** How far the estimate runs past the slot (0: it fits). */
  overrunMs: number;
  /** The speech rate that would make it fit, when it overruns. */
  neededRate?: number;
  /** Whether that rate is one the app sends (0.5–2). */
  rateInRange: boolean;
}

/** What the import preview says of a timed script: every cue counted, the first ones listed. */
export interface TimedPreview {
  cues: number;
  /** Speech lanes the cues use. */
  lanes: number;
  /** Cues estimated to run past their slot. */
  overruns: number;
  shown: TimedPreviewCue[];
}

interface TimedBlock {
  text: string;
  speaker?: string | undefined;
  timing?: LineTiming | undefined;
}

/** Cues the preview lists; the counts cover all of them. */
const SHOWN_CUES = 200;

/**
 * The fit check run on the project the import would make, before anything is made or paid: each cue's length
 * estimated from its text at the neutral rate (a new project has no takes to learn a voice's pace from, nor rules
 * of its own; the editor's fit check refines both), against its slot. Undefined for a script without timed lines.
 */
export function timedPreview(blocks: readonly TimedBlock[], shown = SHOWN_CUES): TimedPreview | undefined {
  if (!blocks.some((block) => block.timing !== undefined)) return undefined;
  let next = 0;
  const newId = () => `preview-${(next += 1)}`;
  const base = createProject({ title: 'Import preview' }, newId);
  const speech = blocks.map((block) =>
    createTextBlock(
      {
        text: block.text,
        pauseAfterMs: 0,
        ...(block.timing
          ? {
              timing: {
                startMs: block.timing.startMs,
                ...(block.timing.endMs !== undefined ? { cueEndMs: block.timing.endMs } : {}),
                lane: block.timing.lane,
                fit: 'fixed' as const,
              },
            }
          : {}),
      },
      newId,
    ),
  );
  const project = { ...base, tracks: { ...base.tracks, speech: { blocks: speech } } };
  const context = sendContext(project, []);
  const fit = new Map(
    fitCheck(project, context, layoutTimeline(project, context)).map((line) => [line.blockId, line]),
  );
  const cues: TimedPreviewCue[] = [];
  const lanes = new Set<number>();
  let overruns = 0;
  blocks.forEach((block, index) => {
    const line = fit.get(speech[index]!.id);
    if (block.timing === undefined || line === undefined) return;
    lanes.add(block.timing.lane);
    if (line.overrunMs > 0) overruns += 1;
    if (cues.length >= shown) return;
    cues.push({
      startMs: block.timing.startMs,
      ...(block.timing.endMs !== undefined ? { endMs: block.timing.endMs } : {}),
      ...(line.slotMs !== undefined ? { slotMs: line.slotMs } : {}),
      lane: block.timing.lane,
      ...(block.speaker !== undefined ? { speaker: block.speaker } : {}),
      text: block.text,
      estimatedMs: line.estimatedMs,
      overrunMs: line.overrunMs,
      ...(line.neededRate !== undefined && Number.isFinite(line.neededRate)
        ? { neededRate: line.neededRate }
        : {}),
      rateInRange: line.rateInRange,
    });
  });
  return { cues: fit.size, lanes: lanes.size, overruns, shown: cues };
}
