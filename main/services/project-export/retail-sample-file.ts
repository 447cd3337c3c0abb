import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { planForChapter } from '../../../common/export/chapter-split.js';
import { DEFAULT_EXPLICIT_WORDS, explicitWordWarnings } from '../../../common/export/explicit-words.js';
import type { RetailProfile } from '../../../common/export/retail-profile-schema.js';
import { chooseRetailSample, clock, sampleOpening } from '../../../common/export/retail-sample.js';
import { sampleSpeechOf, sourcesAroundSample } from '../../../common/export/retail-sample-speech.js';
import { withRoomToneEdges } from '../../../common/export/room-tone-edges.js';
import { fileExtension } from '../export/encode/create-encoder.js';
import type { RunOptions } from '../export/index.js';
import { timedBlocksOf } from '../readalong-export/chapter-timings.js';
import type { PreparedExport, ProjectExporterOptions } from './project-exporter.js';

/** The sample's file name in the delivery folder, before its extension. */
const RETAIL_SAMPLE_NAME = 'Retail Sample';

/** Whether a delivery's sample was written (the pre-flight fails one the profile asks for and lacks), and what to say. */
export interface RetailSampleOutcome {
  /** Absent when the profile asks for no sample; else whether it was written, or why it could not be. */
  readonly sample?: { readonly written: true } | { readonly written: false; readonly problem: string };
  /** Where the sample is, or why none was written, and each explicit word found in it. */
  readonly notes: string[];
}

/**
 * Writes a retailer delivery's sample beside its chapter files: the span chooseRetailSample picks (the request's,
 * else the studio's proposal), timed against the takes the chapters were just rendered from, rendered as a
 * chapter is (the profile's format and loudness, its room tone at the head and tail). Answers what the user
 * must know: where the sample is, or why none was written, and each explicit word found in it.
 */
export async function writeRetailSample(
  options: Pick<ProjectExporterOptions, 'engine' | 'pcmCacheDir'>,
  prepared: PreparedExport,
  profile: RetailProfile,
  folder: string,
  run: RunOptions = {},
): Promise<RetailSampleOutcome> {
  const bounds = profile.retailSample;
  if (bounds === undefined) return { notes: [] };
  const { project, settings, plan, sources } = prepared;
  const notWritten = (problem: string): RetailSampleOutcome => ({
    sample: { written: false, problem },
    notes: [`Retail sample (${profile.name}) not written: ${problem}`],
  });
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    return notWritten(
      `${path.basename(folder)} is not a folder; export the chapters to a folder to get the sample beside them.`,
    );
  }
  const fileName = `${RETAIL_SAMPLE_NAME}.${fileExtension(settings.options.audio)}`;
  const request = settings.retailSample ?? {};
  // Only the takes around the sample are timed (their pauses read from the PCM cache the chapters filled).
  const numbering = sampleSpeechOf(project, []);
  const cues = sourcesAroundSample(numbering, plan.cues, request, bounds.maxSeconds);
  const clipIds = new Set(cues.map((cue) => cue.clipId));
  const around = { ...plan, cues, clips: plan.clips.filter((clip) => clipIds.has(clip.id)) };
  const timed = await timedBlocksOf(around, options.pcmCacheDir, plan.durationMs);
  const choice = chooseRetailSample({ ...numbering, blocks: timed }, bounds, request);
  if (!choice.ok) {
    // An earlier delivery's sample in a folder being replaced no longer matches the book: it must not ship as current.
    await rm(path.join(folder, fileName), { force: true });
    return notWritten(choice.problem);
  }
  const { sample } = choice;
  const span = { title: RETAIL_SAMPLE_NAME, startMs: sample.startMs, endMs: sample.endMs };
  await options.engine.exportMix(
    {
      plan: withRoomToneEdges(planForChapter(plan, span), settings.options.roomTone),
      sources,
      options: settings.options,
      outputPath: path.join(folder, fileName),
      pcmCacheDir: options.pcmCacheDir,
      // The folder is the delivery just written: new, or one the user chose to Replace, holding an earlier sample.
      overwrite: true,
      tags: {
        metadata: { title: RETAIL_SAMPLE_NAME, album: settings.metadata?.title ?? project.title },
        chapters: [],
        markers: false,
        chaptersJson: false,
      },
    },
    run,
  );
  const first = sample.passages[0]!;
  const notes = [
    `Retail sample: ${fileName}, ${clock(sample.endMs - sample.startMs)} from block ${first.blockNumber} (${clock(sample.startMs)}): “${sampleOpening(sample)}”`,
    ...explicitWordWarnings(sample.passages, request.explicitWords ?? DEFAULT_EXPLICIT_WORDS),
  ];
  return { sample: { written: true }, notes };
}
