import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatSupportsRate, mp3SampleRates } from '../../../../common/export/export-options.js';
import {
  msToFrames,
  renderedSourceKey,
  type RenderClip,
  type RenderPlan,
} from '../../../../common/export/render-plan.js';
import { PcmCache, type CachedSource } from '../decode/pcm-cache.js';
import type { ByteSink } from '../encode/byte-sink.js';
import { createEncoder, fileExtension } from '../encode/create-encoder.js';
import { ExportCancelledError } from '../export-errors.js';
import {
  clipFilesRequestSchema,
  type ClipFilesRequest,
  type ClipFilesResult,
  type ParsedClipFilesRequest,
  type RunHooks,
} from '../export-types.js';
import { StagedFile, stagingPathFor } from '../output/staged-file.js';
import { writingTo } from '../output/writing-to.js';
import { syncDirectorySync } from '../../storage/atomic-file.js';
import { defaultDecodeThreads, prepareSources } from '../prepare-sources.js';
import { defaultWorkerEntry } from '../worker-launcher.js';
import { CooperativeYield, ProgressTracker } from '../progress-tracker.js';
import { TimelineMixer } from '../render/timeline-mixer.js';
import { confirmPublish } from '../publish-gate.js';
import { parseOrExplain } from '../request-validation.js';
import { clipFileNames } from './clip-file-names.js';
import { StreamingZipWriter } from './streaming-zip-writer.js';

/**
 * Exports each clip of the chosen tracks (by default the speech blocks) to its own audio file, with its
 * gain and fades, into a new folder or a store-only zip. Like the mix, the result appears only when
 * complete: files go into a hidden staging folder that is renamed at the end, or into a staged zip.
 */
export async function exportClipFiles(
  input: ClipFilesRequest,
  hooks: RunHooks = {},
  stagingPath?: string,
): Promise<ClipFilesResult> {
  const request = parseOrExplain(clipFilesRequestSchema, input, 'clip files request');
  const isCancelled = hooks.isCancelled ?? (() => false);
  checkDestination(request);
  const clips = request.plan.clips
    .filter((clip) => request.tracks.includes(clip.track))
    .sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  if (clips.length === 0) throw new Error(`tracks: no clip of the plan is on ${request.tracks.join(' or ')}`);
  const tracker = new ProgressTracker({ decode: 0.3, render: 0.68, finalize: 0.02 }, hooks.onProgress);
  // Sources decoded while the export dialog was open are waited for, not decoded twice.
  await hooks.ahead?.settled((fraction) => tracker.report('decode', fraction), isCancelled);
  const prepared = await prepareSources(
    { clips, sampleRate: request.plan.sampleRate },
    request.sources,
    new PcmCache(request.pcmCacheDir),
    (fraction) => tracker.report('decode', fraction),
    isCancelled,
    {
      threads: request.decodeThreads ?? defaultDecodeThreads(),
      workerEntry: hooks.workerEntry ?? defaultWorkerEntry(),
    },
  );
  const names = clipFileNames(
    clips.map((clip) => clip.id),
    request.fileNames,
    fileExtension(request.audio),
  );
  const jobs = clips.map((clip) => ({
    clip,
    name: names.get(clip.id) ?? `${clip.id}.${fileExtension(request.audio)}`,
  }));
  const writeAll = async (open: (name: string) => ByteSink & { close(): void }) => {
    const files: { clipId: string; name: string; bytes: number }[] = [];
    for (const [index, job] of jobs.entries()) {
      if (isCancelled()) throw new ExportCancelledError();
      const sink = counting(open(job.name));
      await renderClip(request, job.clip, prepared.sources, sink, isCancelled);
      sink.close();
      files.push({ clipId: job.clip.id, name: job.name, bytes: sink.count() });
      tracker.report('render', (index + 1) / jobs.length);
    }
    return files;
  };
  const files =
    request.container === 'zip'
      ? await writeZip(request.destination, stagingPath, writeAll, hooks)
      : await writeFolder(request.destination, request.overwrite, stagingPath, writeAll, hooks);
  tracker.report('finalize', 1);
  return {
    destination: request.destination,
    files,
    decodedSources: prepared.decoded,
    cachedSources: prepared.cached,
  };
}

function checkDestination(request: ParsedClipFilesRequest): void {
  if (!formatSupportsRate(request.audio, request.plan.sampleRate)) {
    throw new Error(
      `plan.sampleRate: MP3 needs one of ${mp3SampleRates.join(', ')} Hz (got ${request.plan.sampleRate})`,
    );
  }
  const parent = path.dirname(request.destination);
  if (!existsSync(parent) || !statSync(parent).isDirectory())
    throw new Error(`destination: folder ${parent} does not exist`);
  if (!existsSync(request.destination)) return;
  if (request.container === 'zip') {
    if (!request.overwrite)
      throw new Error(`destination: ${request.destination} already exists; set overwrite to replace`);
    return;
  }
  const isEmptyFolder =
    statSync(request.destination).isDirectory() && readdirSync(request.destination).length === 0;
  if (!request.overwrite || !isEmptyFolder) {
    throw new Error(
      `destination: folder ${request.destination} already exists (only an empty one is replaced, with overwrite)`,
    );
  }
}

type WriteAll = (
  open: (name: string) => ByteSink & { close(): void },
) => Promise<{ clipId: string; name: string; bytes: number }[]>;

async function writeZip(
  destination: string,
  stagingPath: string | undefined,
  writeAll: WriteAll,
  hooks: RunHooks,
) {
  const file = StagedFile.create(destination, stagingPath);
  try {
    const zip = await StreamingZipWriter.open(file);
    const files = await writeAll((name) => zip.openEntry(name));
    await zip.finish();
    await confirmPublish(hooks);
    file.publish();
    return files;
  } catch (error) {
    file.discard();
    throw error;
  }
}

async function writeFolder(
  destination: string,
  overwrite: boolean,
  stagingPath: string | undefined,
  writeAll: WriteAll,
  hooks: RunHooks,
) {
  const staging = stagingPath ?? stagingPathFor(destination);
  writingTo(destination, () => mkdirSync(staging));
  const openFiles: StagedFile[] = [];
  try {
    const files = await writeAll((name) => {
      // Inside the hidden staging folder the files can take their real names at once.
      const file = StagedFile.create(path.join(staging, name), path.join(staging, name));
      openFiles.push(file);
      return {
        write: (bytes) => file.write(bytes),
        writeAt: (bytes, position) => file.writeAt(bytes, position),
        close: () => file.seal(),
      };
    });
    await confirmPublish(hooks);
    writingTo(destination, () => {
      syncDirectorySync(staging);
      if (overwrite && existsSync(destination)) rmSync(destination, { recursive: false, force: true });
      renameSync(staging, destination);
      syncDirectorySync(path.dirname(destination));
    });
    return files;
  } catch (error) {
    for (const file of openFiles) file.discard();
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Renders one clip alone from its start, for exactly as long as it makes sound. */
async function renderClip(
  request: ParsedClipFilesRequest,
  clip: RenderClip,
  sources: ReadonlyMap<string, CachedSource>,
  sink: ByteSink,
  isCancelled: () => boolean,
): Promise<void> {
  const { sampleRate, channels } = request.plan;
  const source = sources.get(renderedSourceKey(clip));
  if (!source) throw new Error(`clip "${clip.id}": source "${clip.sourceKey}" has not been decoded`);
  const totalFrames = msToFrames(clip.durationMs, sampleRate);
  const offset = msToFrames(clip.sourceOffsetMs ?? 0, sampleRate);
  const audible = clip.loop ? totalFrames : Math.max(0, Math.min(totalFrames, source.frames - offset));
  const plan: RenderPlan = {
    sampleRate,
    channels,
    durationMs: Math.max(audible, 1) * (1000 / sampleRate),
    clips: [{ ...clip, startMs: 0 }],
    cues: [],
  };
  const mixer = new TimelineMixer(plan, sources, sampleRate);
  try {
    const encoder = await createEncoder(request.audio, sink, sampleRate, channels, {
      knownFrames: mixer.totalFrames,
    });
    const block = Array.from({ length: channels }, () => new Float32Array(sampleRate));
    const pacer = new CooperativeYield();
    for (let from = 0; from < mixer.totalFrames; from += sampleRate) {
      if (isCancelled()) throw new ExportCancelledError();
      const frames = Math.min(sampleRate, mixer.totalFrames - from);
      mixer.render(from, frames, block);
      encoder.write(block, frames);
      await pacer.maybeYield();
    }
    encoder.finish();
  } finally {
    mixer.close();
  }
}

function counting(sink: ByteSink & { close(): void }): ByteSink & { close(): void; count(): number } {
  let bytes = 0;
  return {
    write: (chunk) => {
      bytes += chunk.length;
      sink.write(chunk);
    },
    writeAt: (chunk, position) => sink.writeAt(chunk, position),
    close: () => sink.close(),
    count: () => bytes,
  };
}
