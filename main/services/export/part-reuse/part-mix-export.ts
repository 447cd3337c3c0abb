import { existsSync } from 'node:fs';
import type { ChapterSpan } from '../../../../common/export/chapter-split.js';
import type { ExportOptions } from '../../../../common/export/export-options.js';
import {
  frameAlignedPlan,
  MP3_FRAME_SAMPLES,
  type AlignedPart,
  type FrameAlignedPlan,
} from '../../../../common/export/frame-aligned-parts.js';
import { dbToGain } from '../../../../common/export/gain-envelope.js';
import type { LoudnessMeterState } from '../../../../common/export/loudness-meter.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import { PcmCache } from '../decode/pcm-cache.js';
import { ExportCancelledError } from '../export-errors.js';
import { HelperWorkers } from '../helper-workers.js';
import type { ExportProgress } from '../export-types.js';
import { StagedFile } from '../output/staged-file.js';
import { defaultDecodeThreads, prepareSources } from '../prepare-sources.js';
import { SegmentSession } from '../split-encode/segment-session.js';
import { chaptersJson, chaptersJsonPath } from '../tags/chapters-json.js';
import { readCoverImage } from '../tags/cover-image.js';
import type { FileTags } from '../tags/file-tags.js';
import { id3Tag } from '../tags/id3-tag.js';
import { stageSubtitleFiles, withDetectedSilences } from '../subtitles/subtitle-files.js';
import { PART_LEAD_MP3_FRAMES, partKey } from './part-key.js';
import { combinedLoudness, meterStateFromJson, meterStateToJson, partGain } from './part-loudness.js';
import { joinMp3Parts } from './part-mp3-join.js';
import type { PartStore } from './part-store.js';

/** A part shorter than this (1.7 s) leaves no room between its two joins: such a book is encoded in one pass. */
const MIN_PART_MP3_FRAMES = 64;
/** Parts rendered at once: the export's two cores. */
const LANES = 2;
/** What the measuring pass is keyed as (its key holds no gain and no encoder). */
const MEASURE_ID = 'loudness-meter-bs1770';

export interface PartMixRequest {
  readonly plan: RenderPlan;
  /** The chapters on `plan`'s timeline: one part each. */
  readonly chapters: readonly ChapterSpan[];
  readonly sources: Readonly<Record<string, string>>;
  readonly options: ExportOptions;
  /** The file's tags; its chapters are replaced by the chapters on the frame-aligned timeline. */
  readonly tags?: FileTags | undefined;
  readonly outputPath: string;
  readonly overwrite: boolean;
  readonly pcmCacheDir: string;
  readonly store: PartStore;
  /** False makes every part again (the user's "re-render all"); what is made is still kept for the next export. */
  readonly reuse?: boolean | undefined;
  readonly appVersion?: string | undefined;
  readonly workerEntry: URL;
}

export interface PartMixResult {
  readonly audioPath: string;
  readonly subtitlePaths: string[];
  readonly chaptersJsonPath?: string | undefined;
  readonly durationMs: number;
  readonly bytes: number;
  /** Parts in the book, measured now, encoded now (the others were kept from earlier exports). */
  readonly parts: { readonly total: number; readonly measured: number; readonly encoded: number };
  readonly gainDb: number;
  /** The MP3 frame at which each part after the first takes over. */
  readonly joins: readonly number[];
}

/**
 * Why this request cannot be built from parts (it is then exported in one pass as before), or undefined. Parts are
 * MP3 (MPEG-1 rates), a book of two chapters or more each over 1.7 s, normalised to LUFS or not at all, without
 * room tone or a video's sound (which are laid or decoded per export).
 */
export function partMixRefusal(request: Omit<PartMixRequest, 'store' | 'workerEntry'>): string | undefined {
  const { options, plan } = request;
  if (options.audio.format !== 'mp3') return 'only an MP3 is built from parts';
  if (plan.sampleRate < 32_000) return 'an MP3 below 32 kHz has another frame layout';
  if (options.loudness.kind === 'rms') return 'an RMS target measures the limited output as a whole';
  if (options.roomTone) return 'room tone is laid by timeline frame';
  if (plan.clips.some((clip) => clip.videoSound)) return "a video's sound is decoded per export";
  if (request.chapters.length < 2) return 'a book of one chapter is one part';
  const aligned = frameAlignedPlan(plan, request.chapters);
  if (aligned.parts.some((part) => part.frames < MIN_PART_MP3_FRAMES * MP3_FRAME_SAMPLES))
    return 'a chapter is shorter than 1.7 s';
  return undefined;
}

/**
 * One MP3 with chapters, built from parts (one per chapter, part-reuse/README.md): the book is laid on the MP3
 * frame grid (frameAlignedPlan), each part's loudness and encoded frames are looked up in the part store by their
 * key and made only when missing, two at a time in segment helpers, then the frames are joined into the file with
 * its ID3 tag, Info frame, subtitles and chapters file, all published at once.
 */
export async function exportMixInParts(request: PartMixRequest, run: PartRun = {}): Promise<PartMixResult> {
  // The decode helpers go on to measure and encode the parts, two kept threads for the whole book: a new thread per
  // part paid its start-up (~0.2–0.3 s of one core) twice per chapter, which made a first export ~1.7x slower.
  const helpers = new HelperWorkers(request.workerEntry);
  try {
    return await buildFromParts(request, run, helpers);
  } finally {
    await helpers.close();
  }
}

type PartRun = { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void };

async function buildFromParts(
  request: PartMixRequest,
  run: PartRun,
  helpers: HelperWorkers,
): Promise<PartMixResult> {
  const refusal = partMixRefusal(request);
  if (refusal) throw new Error(`Part export: ${refusal}`);
  if (!request.overwrite && existsSync(request.outputPath))
    throw new Error(`${request.outputPath}: a file is in the way (the export was not asked to replace it)`);
  const isCancelled = (): boolean => run.signal?.aborted ?? false;
  const report = (phase: ExportProgress['phase'], fraction: number): void =>
    run.onProgress?.({ phase, fraction, phaseFraction: fraction });
  const aligned = frameAlignedPlan(request.plan, request.chapters);
  const { plan } = aligned;
  const lookup = (key: string) =>
    request.reuse === false ? Promise.resolve(undefined) : request.store.lookup(key);
  const prepared = await prepareSources(
    plan,
    request.sources,
    new PcmCache(request.pcmCacheDir),
    (fraction) => report('decode', fraction),
    isCancelled,
    { threads: defaultDecodeThreads(), workerEntry: helpers },
  );
  const { loudness } = request.options;
  let measured = 0;
  let states: LoudnessMeterState[] = [];
  if (loudness.kind === 'lufs') {
    const keys = aligned.parts.map((part) =>
      partKey(plan, part, {
        encoderId: MEASURE_ID,
        appVersion: request.appVersion,
        processing: undefined,
        byTimelineFrame: false,
      }),
    );
    states = await inLanes(aligned.parts, isCancelled, async (part, index) => {
      const kept = meterStateFromJson((await lookup(keys[index]!))?.meta.meter);
      if (kept) return kept;
      measured += 1;
      const state = await measurePart(request, aligned, part, helpers);
      const slot = await request.store.reserve(keys[index]!);
      await slot.commit({ meter: meterStateToJson(state) });
      return state;
    });
  }
  const format = request.options.audio;
  if (format.format !== 'mp3') throw new Error('Part export: only an MP3 is built from parts');
  const gain = partGain(
    loudness,
    loudness.kind === 'lufs' ? combinedLoudness(plan.sampleRate, plan.channels, states) : undefined,
    'mp3',
  );
  if (!gain) throw new Error('Part export: this loudness target is not built from parts');
  const encoderId = `lame-3.100-wasm/cbr-${format.bitrateKbps}k`;
  const context = { encoderId, appVersion: request.appVersion, processing: gain, byTimelineFrame: false };
  const keys = aligned.parts.map((part) => partKey(plan, part, context));
  let encoded = 0;
  const encodedParts = await inLanes(aligned.parts, isCancelled, async (part, index) => {
    const kept = await lookup(keys[index]!);
    const firstFrame = encodeStart(part) / MP3_FRAME_SAMPLES;
    // A kept part's frames do not depend on where it sits: a chapter after one that changed length, or one equal to
    // another chapter, uses them at its own place. Its lead (the frames encoded before it) is what must match;
    // the key already decides it, and a part stored without it (before this was kept) is made once more.
    const leadFrames = part.startFrame / MP3_FRAME_SAMPLES - firstFrame;
    if (kept && kept.meta.leadFrames === leadFrames)
      return { path: kept.dataPath, firstFrame, startFrame: part.startFrame };
    encoded += 1;
    const slot = await request.store.reserve(keys[index]!);
    try {
      const frames = await encodePart(
        request,
        aligned,
        part,
        helpers,
        gain,
        slot.temporaryPath,
        format.bitrateKbps,
      );
      const stored = await slot.commit({ leadFrames, frames });
      return { path: stored.dataPath, firstFrame, startFrame: part.startFrame };
    } catch (error) {
      await slot.discard();
      throw error;
    }
  });
  report('render', 1);
  const tags = request.tags ? { ...request.tags, chapters: [...aligned.spans] } : undefined;
  const audio = StagedFile.create(request.outputPath);
  const staged: StagedFile[] = [audio];
  try {
    if (tags)
      audio.write(
        await id3Tag(tags, tags.coverPath === undefined ? undefined : readCoverImage(tags.coverPath)),
      );
    const totalSamples = aligned.parts.reduce((sum, part) => sum + part.frames, 0);
    const joins = joinMp3Parts(encodedParts, totalSamples, audio, plan.sampleRate, format.bitrateKbps);
    audio.seal();
    const endMs = (totalSamples * 1000) / plan.sampleRate;
    const subtitles = stageSubtitleFiles(
      withDetectedSilences(plan, prepared.sources),
      { path: request.outputPath, endMs },
      request.options.subtitles,
      request.options.subtitles.settings,
    );
    staged.push(...subtitles);
    let chaptersFile: StagedFile | undefined;
    if (tags?.chaptersJson) {
      chaptersFile = StagedFile.create(chaptersJsonPath(request.outputPath));
      staged.push(chaptersFile);
      chaptersFile.write(new TextEncoder().encode(chaptersJson(tags)));
      chaptersFile.seal();
    }
    if (isCancelled()) throw new ExportCancelledError();
    for (const file of [...subtitles, ...(chaptersFile ? [chaptersFile] : [])]) file.publish();
    audio.publish();
    await request.store.evict(new Set(keys));
    return {
      audioPath: request.outputPath,
      subtitlePaths: subtitles.map((file) => file.finalPath),
      ...(chaptersFile ? { chaptersJsonPath: chaptersFile.finalPath } : {}),
      durationMs: endMs,
      bytes: audio.bytesWritten,
      parts: { total: aligned.parts.length, measured, encoded },
      gainDb: gain.gainDb,
      joins,
    };
  } catch (error) {
    for (const file of staged) file.discard();
    throw error;
  }
}

/** Where a part's encoder starts: its lead before its start (the first part: the stream's start). */
function encodeStart(part: AlignedPart): number {
  return Math.max(0, part.startFrame - PART_LEAD_MP3_FRAMES * MP3_FRAME_SAMPLES);
}

/** Runs `work` for every item, at most LANES at once, answering in order. */
async function inLanes<T, R>(
  items: readonly T[],
  isCancelled: () => boolean,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      if (isCancelled()) throw new ExportCancelledError();
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return results;
}

/** The mix of one part measured (before any gain), its meter primed with the part's lead. */
async function measurePart(
  request: PartMixRequest,
  aligned: FrameAlignedPlan,
  part: AlignedPart,
  helpers: HelperWorkers,
): Promise<LoudnessMeterState> {
  const session = new SegmentSession(helpers, {
    type: 'encode-segment',
    plan: aligned.plan,
    pcmCacheDir: request.pcmCacheDir,
    output: { format: 'none' },
    fromFrame: Math.max(0, encodeStart(part) - aligned.plan.sampleRate),
    toFrame: part.startFrame + part.frames,
    splitFrame: part.startFrame,
    measure: true,
    gain: 1,
    headFrames: 1,
    outputPath: '',
  });
  try {
    const done = await session.done;
    if (!done.meter) throw new Error('Part export: the helper did not measure its part');
    return done.meter;
  } finally {
    await session.close();
  }
}

/** One part's frames, from its lead to its end, into `outputPath`; answers how many frames were written. */
async function encodePart(
  request: PartMixRequest,
  aligned: FrameAlignedPlan,
  part: AlignedPart,
  helpers: HelperWorkers,
  gain: { gainDb: number; ceilingDb: number | undefined },
  outputPath: string,
  bitrateKbps: Extract<ExportOptions['audio'], { format: 'mp3' }>['bitrateKbps'],
): Promise<number> {
  const from = encodeStart(part);
  const session = new SegmentSession(helpers, {
    type: 'encode-segment',
    plan: aligned.plan,
    pcmCacheDir: request.pcmCacheDir,
    output: { format: 'mp3', bitrateKbps },
    fromFrame: from,
    toFrame: part.startFrame + part.frames,
    splitFrame: from,
    measure: false,
    gain: dbToGain(gain.gainDb),
    ...(gain.ceilingDb === undefined ? {} : { ceiling: dbToGain(gain.ceilingDb) }),
    headFrames: 1,
    outputPath,
  });
  try {
    return (await session.done).frames;
  } finally {
    await session.close();
  }
}
