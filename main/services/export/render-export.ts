import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatSupportsRate, mp3SampleRates } from '../../../common/export/export-options.js';
import { LoudnessMeter, type LoudnessMeasurement } from '../../../common/export/loudness-meter.js';
import { PcmCache } from './decode/pcm-cache.js';
import { createEncoder } from './encode/create-encoder.js';
import { Mp3Encoder } from './encode/mp3-encoder.js';
import { WavEncoder } from './encode/wav-encoder.js';
import {
  exportRequestSchema,
  type ExportPhase,
  type ExportRequest,
  type ExportResult,
  type LoudnessReport,
  type ParsedExportRequest,
  type RunHooks,
} from './export-types.js';
import { StagedFile, stagingPathFor } from './output/staged-file.js';
import { confirmPublish } from './publish-gate.js';
import { parseOrExplain } from './request-validation.js';
import { defaultDecodeThreads, defaultRenderThreads, prepareSources } from './prepare-sources.js';
import { defaultWorkerEntry } from './worker-launcher.js';
import { HelperWorkers } from './helper-workers.js';
import { ProgressTracker } from './progress-tracker.js';
import { renderOutput, type OutputProcessing, type RenderControl } from './render/output-render.js';
import { roomToneProcessing } from './render/room-tone-clip-file.js';
import { limiterProcessing, outputGain } from './render/output-gain.js';
import { TimelineMixer } from './render/timeline-mixer.js';
import { chaptersJson, chaptersJsonPath } from './tags/chapters-json.js';
import { readCoverImage } from './tags/cover-image.js';
import { id3Tag } from './tags/id3-tag.js';
import { wavTrailerChunks } from './tags/wav-chunks.js';
import { encodeInTwo, planSplit, SPLIT_HOLD_FRAMES } from './split-encode/split-mp3.js';
import { splitFrameFor } from './split-encode/split-shared.js';
import { renderWavInTwo } from './split-encode/split-wav.js';
import { stageSubtitleFiles, subtitlePathsFor, withDetectedSilences } from './subtitles/subtitle-files.js';

/** Temporary names chosen by the caller (the engine on the main thread), so it can clean up if the worker dies. */
/** Each may be undefined as the worker message's zod schema parses it, as well as left out. */
export interface StagingPaths {
  readonly audio?: string | undefined;
  readonly srt?: string | undefined;
  readonly vtt?: string | undefined;
  readonly chaptersJson?: string | undefined;
  /** The second half of a parallel MP3 encode, deleted once joined. */
  readonly segment?: string | undefined;
}

/**
 * Exports a render plan to one audio file, with SRT/WebVTT next to it:
 * decode every source into the PCM cache → (measure the mix's loudness) → render the mix in one-second
 * blocks, apply the normalisation gain and the peak limiter, encode → write subtitles → publish.
 * Every output is written under a temporary name and renamed only when all of them are complete; on
 * failure or cancel the temporary files are deleted. Runs in the export worker (or in-process in tests).
 */
export async function runExport(
  input: ExportRequest,
  hooks: RunHooks = {},
  staging: StagingPaths = {},
): Promise<ExportResult> {
  const parsed = parseOrExplain(exportRequestSchema, input, 'export request');
  checkDestination(parsed);
  // The decode helper goes on to render the second half: one helper thread started, not two (and none when the
  // sources were decoded ahead, whose helpers are still there).
  const helpers = hooks.ahead?.takeHelpers() ?? new HelperWorkers(hooks.workerEntry ?? defaultWorkerEntry());
  try {
    return await exportWith(parsed, hooks, staging, helpers);
  } finally {
    await helpers.close();
  }
}

async function exportWith(
  parsed: ParsedExportRequest,
  hooks: RunHooks,
  staging: StagingPaths,
  workerEntry: HelperWorkers,
): Promise<ExportResult> {
  const { options } = parsed;
  const isCancelled = hooks.isCancelled ?? (() => false);
  const normalising = options.loudness.kind !== 'none';
  const tracker = new ProgressTracker(
    {
      decode: 0.25,
      ...(normalising ? { measure: 0.2 } : {}),
      render: 0.5,
      subtitles: 0.02,
      finalize: 0.02,
    },
    hooks.onProgress,
  );
  const timings: Partial<Record<ExportPhase, number>> = {};
  const timed = async <T>(phase: ExportPhase, work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    tracker.report(phase, 0);
    const result = await work();
    tracker.report(phase, 1);
    timings[phase] = Math.round(performance.now() - started);
    return result;
  };

  const prepared = await timed('decode', async () => {
    // Decoding begun while the export dialog was open is waited for, not done twice: what it did not finish (a
    // cancel, a failure) is decoded below.
    await hooks.ahead?.settled((f) => tracker.report('decode', f), isCancelled);
    return prepareSources(
      parsed.plan,
      parsed.sources,
      new PcmCache(parsed.pcmCacheDir),
      (f) => tracker.report('decode', f),
      isCancelled,
      {
        threads: parsed.decodeThreads ?? defaultDecodeThreads(),
        workerEntry,
      },
    );
  });
  // A video's sound that cannot be decoded is left out of the mix, and the result says so.
  const request = withoutClipsOf(parsed, prepared.unavailable);
  const { plan } = request;
  const mixer = new TimelineMixer(plan, prepared.sources, plan.sampleRate);
  const staged: StagedFile[] = [];
  try {
    const normalisation = normalising
      ? await timed('measure', () =>
          measureMix(mixer, plan.channels, { onFraction: (f) => tracker.report('measure', f), isCancelled }),
        )
      : undefined;
    const audio = StagedFile.create(request.outputPath, staging.audio);
    staged.push(audio);
    const render = await timed('render', () =>
      renderToFile(
        request,
        mixer,
        audio,
        normalisation,
        { onFraction: (f) => tracker.report('render', f), isCancelled },
        { workerEntry, segmentPath: staging.segment ?? stagingPathFor(request.outputPath) },
      ),
    );
    const subtitles = await timed('subtitles', () =>
      stageSubtitleFiles(
        withDetectedSilences(plan, prepared.sources),
        { path: request.outputPath, endMs: (mixer.totalFrames * 1000) / plan.sampleRate },
        options.subtitles,
        options.subtitles.settings,
        staging,
      ),
    );
    staged.push(...subtitles);
    const chapters = stageChaptersJson(request, staging.chaptersJson);
    if (chapters) staged.push(chapters);
    await confirmPublish(hooks);
    const sidecars = chapters ? [...subtitles, chapters] : subtitles;
    await timed('finalize', () => publishAll(sidecars, audio));
    return {
      audioPath: request.outputPath,
      subtitlePaths: subtitles.map((file) => file.finalPath),
      ...(chapters ? { chaptersJsonPath: chapters.finalPath } : {}),
      sampleRate: plan.sampleRate,
      channels: plan.channels,
      frames: mixer.totalFrames,
      durationMs: (mixer.totalFrames * 1000) / plan.sampleRate,
      bytes: audio.bytesWritten,
      ...(render.loudness ? { loudness: render.loudness } : {}),
      ...(render.splitFrame === undefined ? {} : { splitFrame: render.splitFrame }),
      ...(render.mp3JoinFrame === undefined ? {} : { mp3JoinFrame: render.mp3JoinFrame }),
      ...(render.mp3JoinSkipped === undefined ? {} : { mp3JoinSkipped: render.mp3JoinSkipped }),
      decodedSources: prepared.decoded,
      cachedSources: prepared.cached,
      timingsMs: timings,
      ...(prepared.unavailable.size > 0 ? { warnings: [...prepared.unavailable.values()] } : {}),
    };
  } catch (error) {
    for (const file of staged) file.discard();
    throw error;
  } finally {
    mixer.close();
  }
}

/** The request without the clips of the sources in `unavailable`. */
function withoutClipsOf(
  request: ParsedExportRequest,
  unavailable: ReadonlyMap<string, string>,
): ParsedExportRequest {
  if (unavailable.size === 0) return request;
  const clips = request.plan.clips.filter((clip) => !unavailable.has(clip.sourceKey));
  return { ...request, plan: { ...request.plan, clips } };
}

/** The Podcasting 2.0 chapters file, written complete under its temporary name (published with the audio). */
function stageChaptersJson(
  request: ParsedExportRequest,
  tempPath: string | undefined,
): StagedFile | undefined {
  if (!request.tags?.chaptersJson) return undefined;
  const file = StagedFile.create(chaptersJsonPath(request.outputPath), tempPath);
  try {
    file.write(new TextEncoder().encode(chaptersJson(request.tags)));
    file.seal();
  } catch (error) {
    file.discard();
    throw error;
  }
  return file;
}

/**
 * Subtitles first, the audio last: the audio file appearing is the sign that the export is complete.
 * If the audio cannot be published, the subtitles just published are taken back.
 */
function publishAll(subtitles: readonly StagedFile[], audio: StagedFile): void {
  const published: string[] = [];
  try {
    for (const file of subtitles) {
      file.publish();
      published.push(file.finalPath);
    }
    audio.publish();
  } catch (error) {
    for (const finalPath of published) rmSync(finalPath, { force: true });
    throw error;
  }
}

function checkDestination(request: ParsedExportRequest): void {
  const { plan, options, outputPath } = request;
  if (!formatSupportsRate(options.audio, plan.sampleRate)) {
    throw new Error(
      `plan.sampleRate: MP3 needs one of ${mp3SampleRates.join(', ')} Hz (got ${plan.sampleRate})`,
    );
  }
  const folder = path.dirname(outputPath);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new Error(`outputPath: folder ${folder} does not exist`);
  if (request.overwrite) return;
  const subtitlePaths = subtitlePathsFor(outputPath);
  const targets = [
    outputPath,
    ...(options.subtitles.srt ? [subtitlePaths.srt] : []),
    ...(options.subtitles.vtt ? [subtitlePaths.vtt] : []),
    ...(request.tags?.chaptersJson ? [chaptersJsonPath(outputPath)] : []),
  ];
  const existing = targets.filter((target) => existsSync(target));
  if (existing.length > 0)
    throw new Error(`outputPath: ${existing.join(', ')} already exist(s); set overwrite to replace`);
}

/** First pass: render the whole mix once, only to measure it. */
async function measureMix(
  mixer: TimelineMixer,
  channels: number,
  control: RenderControl,
): Promise<{ measured: LoudnessMeasurement }> {
  const meter = new LoudnessMeter(mixer.sampleRate, channels);
  await renderOutput(
    mixer,
    channels,
    { gain: 1 },
    { from: 0, to: mixer.totalFrames },
    control,
    (block, frames) => {
      meter.add(block, frames);
      return true;
    },
  );
  return { measured: meter.result() };
}

async function renderToFile(
  request: ParsedExportRequest,
  mixer: TimelineMixer,
  file: StagedFile,
  normalisation: { measured: LoudnessMeasurement } | undefined,
  control: RenderControl,
  parallel: { workerEntry: HelperWorkers; segmentPath: string },
): Promise<{
  loudness?: LoudnessReport;
  splitFrame?: number;
  mp3JoinFrame?: number;
  /** Undefined when the parallel encode joined (the split encoder reports it so). */
  mp3JoinSkipped?: string | undefined;
}> {
  const { plan, options, tags } = request;
  // ID3v2 goes before the first MPEG frame; the cover is read (and checked) before any audio is rendered.
  if (tags && options.audio.format === 'mp3') {
    file.write(await id3Tag(tags, tags.coverPath === undefined ? undefined : readCoverImage(tags.coverPath)));
  }
  const settings = normalisation
    ? await outputGain(
        options.loudness,
        normalisation.measured,
        options.audio.format,
        mixer,
        plan.channels,
        control,
      )
    : undefined;
  const processing: OutputProcessing = {
    ...(settings ? limiterProcessing(settings) : { gain: 1 }),
    ...(await roomToneProcessing(options.roomTone, plan.sampleRate)),
  };
  const outputMeter = settings ? new LoudnessMeter(plan.sampleRate, plan.channels) : undefined;
  const report = (output: LoudnessMeasurement | undefined): { loudness?: LoudnessReport } =>
    settings && normalisation && output
      ? { loudness: { measured: normalisation.measured, ...settings, output } }
      : {};
  const threads = request.renderThreads ?? defaultRenderThreads();
  const split =
    options.audio.format === 'mp3' && threads > 1
      ? planSplit(mixer.totalFrames, plan.sampleRate, outputMeter?.hopFrames ?? 1)
      : undefined;
  if (options.audio.format === 'mp3' && split) {
    const encoder = await Mp3Encoder.create(
      file,
      plan.sampleRate,
      plan.channels,
      options.audio.bitrateKbps,
      file.bytesWritten,
      SPLIT_HOLD_FRAMES,
    );
    const result = await encodeInTwo({
      plan,
      mixer,
      processing,
      split,
      encoder,
      bitrateKbps: options.audio.bitrateKbps,
      meter: outputMeter,
      pcmCacheDir: request.pcmCacheDir,
      segmentPath: parallel.segmentPath,
      workerEntry: parallel.workerEntry,
      control,
    });
    file.seal();
    return {
      ...report(result.output),
      ...(result.joinFrame === undefined
        ? { mp3JoinSkipped: result.joinSkipped }
        : { splitFrame: split.splitFrame, mp3JoinFrame: result.joinFrame }),
    };
  }
  const encoder = await createEncoder(options.audio, file, plan.sampleRate, plan.channels, {
    startOffset: file.bytesWritten,
    wavSizeRule: request.stagingWav ? 'staging' : 'riff',
  });
  const wavSplit =
    options.audio.format === 'wav' && threads > 1 && encoder instanceof WavEncoder
      ? splitFrameFor(mixer.totalFrames, plan.sampleRate, outputMeter?.hopFrames ?? 1)
      : undefined;
  let output: LoudnessMeasurement | undefined;
  if (options.audio.format === 'wav' && encoder instanceof WavEncoder && wavSplit !== undefined) {
    ({ output } = await renderWavInTwo({
      plan,
      mixer,
      processing,
      splitFrame: wavSplit,
      encoder,
      file,
      bitDepth: options.audio.bitDepth,
      meter: outputMeter,
      pcmCacheDir: request.pcmCacheDir,
      workerEntry: parallel.workerEntry,
      control,
    }));
  } else {
    await renderOutput(
      mixer,
      plan.channels,
      processing,
      { from: 0, to: mixer.totalFrames },
      control,
      (block, frames) => {
        outputMeter?.add(block, frames);
        encoder.write(block, frames);
        return true;
      },
    );
    output = outputMeter?.result();
  }
  encoder.finish();
  if (tags && options.audio.format === 'wav') appendWavChunks(file, wavTrailerChunks(tags, plan.sampleRate));
  file.seal();
  return { ...report(output), ...(wavSplit === undefined ? {} : { splitFrame: wavSplit }) };
}

/** Chunks after the audio data, and the RIFF size (bytes 4–7) grown to cover them. */
function appendWavChunks(file: StagedFile, chunks: Uint8Array): void {
  if (chunks.length === 0) return;
  file.write(chunks);
  const riffSize = new Uint8Array(4);
  new DataView(riffSize.buffer).setUint32(0, file.bytesWritten - 8, true);
  file.writeAt(riffSize, 4);
}
