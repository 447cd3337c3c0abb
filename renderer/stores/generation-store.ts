import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import type { TakeMedia } from '../../common/ipc/generation-methods.js';
import type { JobView } from '../../common/jobs/job-view.js';
import type { BlockProgress } from '../../common/generation/block-progress.js';
import { blockProgress } from '../../common/generation/block-progress.js';
import type { BlockState } from '../../common/project/block-state.js';
import type { Block, GenerationError } from '../../common/project/project-schema.js';
import type { SendContext } from '../../common/project/send-context.js';
import { blockState, contentHash, playableAudio } from '../../common/project/index.js';

export interface SegmentAudio {
  mediaPath: string;
  durationMs: number;
}

interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

/*
 * One store for the work main does for this window and what it produced: main's jobs (generation tasks and voice
 * uploads, mirrored through its events: main is the owner), which content is on its way in which job, where
 * each take's audio plays, and the generation the editor is watching. A block's live generation state is read
 * from here with selectBlockGeneration (below); its takes are the project's (document-store).
 */
export interface GenerationState {
  jobs: Readonly<Record<string, JobView>>;
  uploads: Readonly<Record<string, UploadProgress>>;
  /** Whether each service answered the last time main tried it. */
  reachable: Readonly<Record<string, boolean>>;
  replaceJobs(jobs: JobView[]): void;
  upsertJob(job: JobView): void;
  removeJob(id: string): void;
  setUpload(id: string, progress: UploadProgress): void;
  setReachable(serviceUrl: string, reachable: boolean): void;
  /** Content hash → the job generating it now. */
  pending: Readonly<Record<string, string>>;
  /** Audio cache key (a take) → where its audio plays (for preview and listening to takes). */
  audio: Readonly<Record<string, SegmentAudio>>;
  receive(segments: readonly SegmentUpdate[]): void;
  /** Where the takes of an opened project play (main's answer to generation.media). */
  receiveMedia(media: readonly TakeMedia[]): void;
  /** The generation being watched in the editor: which blocks it covers and when it began. */
  run: GenerationRun | null;
  /** Adds blocks now on their way to the run (starting one if none is watched). */
  joinRun(blockIds: readonly string[], now: number): void;
  endRun(): void;
}

export interface GenerationRun {
  startedAt: number;
  blockIds: readonly string[];
}

export const createGenerationStore = (): StoreApi<GenerationState> =>
  createStore<GenerationState>()((set) => ({
    jobs: {},
    uploads: {},
    reachable: {},
    replaceJobs: (jobs) => set({ jobs: Object.fromEntries(jobs.map((job) => [job.id, job])) }),
    upsertJob: (job) => set((state) => ({ jobs: { ...state.jobs, [job.id]: job } })),
    removeJob: (id) =>
      set((state) => {
        const { [id]: _removed, ...jobs } = state.jobs;
        return { jobs };
      }),
    setUpload: (id, progress) => set((state) => ({ uploads: { ...state.uploads, [id]: progress } })),
    setReachable: (serviceUrl, reachable) =>
      set((state) => ({ reachable: { ...state.reachable, [serviceUrl]: reachable } })),
    // What main reported about generated segments: jobs on their way (by content hash), playable audio (by take).
    pending: {},
    audio: {},
    receive: (segments) =>
      set((state) => {
        // Copied only once something differs: a project's lookup as it opens reports every generated block of
        // an audiobook (2,500) as the views already know them, and a new `pending` or `audio` re-rendered every
        // visible row and redrew its waveform, in the middle of the user's first keystrokes.
        let pending: Record<string, string> | undefined;
        let audio: Record<string, SegmentAudio> | undefined;
        const unpend = (contentHash: string): void => {
          if ((pending ?? state.pending)[contentHash] === undefined) return;
          pending ??= { ...state.pending };
          delete pending[contentHash];
        };
        for (const segment of segments) {
          switch (segment.state) {
            case 'pending':
              if ((pending ?? state.pending)[segment.contentHash] === segment.jobId) break;
              pending ??= { ...state.pending };
              pending[segment.contentHash] = segment.jobId;
              break;
            case 'generated': {
              unpend(segment.contentHash);
              const { cacheKey, mediaPath, durationMs } = segment.audio;
              const known = (audio ?? state.audio)[cacheKey];
              if (known?.mediaPath === mediaPath && known.durationMs === durationMs) break;
              audio ??= { ...state.audio };
              audio[cacheKey] = { mediaPath, durationMs };
              break;
            }
            case 'failed':
            case 'cancelled':
              unpend(segment.contentHash);
              break;
            default: {
              const exhaustive: never = segment;
              return exhaustive;
            }
          }
        }
        if (pending === undefined && audio === undefined) return state;
        return { pending: pending ?? state.pending, audio: audio ?? state.audio };
      }),
    run: null,
    joinRun: (blockIds, now) =>
      set((state) => {
        const known = new Set(state.run?.blockIds ?? []);
        const added = blockIds.filter((id) => !known.has(id));
        if (state.run !== null && added.length === 0) return {};
        return {
          run: {
            startedAt: state.run?.startedAt ?? now,
            blockIds: [...(state.run?.blockIds ?? []), ...added],
          },
        };
      }),
    endRun: () => set({ run: null }),
    receiveMedia: (media) =>
      set((state) => {
        let audio: Record<string, SegmentAudio> | undefined;
        for (const item of media) {
          const known = (audio ?? state.audio)[item.cacheKey];
          if (known?.mediaPath === item.mediaPath && known.durationMs === item.durationMs) continue;
          audio ??= { ...state.audio };
          audio[item.cacheKey] = { mediaPath: item.mediaPath, durationMs: item.durationMs };
        }
        return audio === undefined ? state : { audio };
      }),
  }));

export const selectPendingHashes = (state: GenerationState): Readonly<Record<string, string>> =>
  state.pending;
export const selectGenerationRun = (state: GenerationState): GenerationRun | null => state.run;
export const selectJoinRun = (state: GenerationState): GenerationState['joinRun'] => state.joinRun;
export const selectEndRun = (state: GenerationState): GenerationState['endRun'] => state.endRun;
export const selectSegmentAudio = (state: GenerationState): Readonly<Record<string, SegmentAudio>> =>
  state.audio;

let sortedCache: { source: GenerationState['jobs']; sorted: JobView[] } | undefined;

/** Newest first; memoised on the jobs object so components re-render only when jobs change. */
export const selectJobsNewestFirst = (state: GenerationState): JobView[] => {
  if (sortedCache?.source !== state.jobs) {
    const sorted = Object.values(state.jobs).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    sortedCache = { source: state.jobs, sorted };
  }
  return sortedCache.sorted;
};
export const selectJobs = (state: GenerationState): GenerationState['jobs'] => state.jobs;
export const selectUploads = (state: GenerationState): GenerationState['uploads'] => state.uploads;
export const selectReachable = (state: GenerationState): GenerationState['reachable'] => state.reachable;

/** The take a block plays, and where its audio is in this window. */
export interface PlayableTake {
  cacheKey: string;
  durationMs: number;
  mediaPath: string;
}

/**
 * Everything a view shows of one block's way to audio, read through one selector. `state` and `failure` come
 * from what the project keeps (its takes and its last generation: project data, saved by main, kept through
 * undo); `progress` from the job carrying the block's content now and the generation being watched; `playable`
 * from the take in use and where this window has its audio.
 */
export interface BlockGeneration {
  /** The badge: not generated, generated, stale (changed since) or failed. */
  state: BlockState;
  /** The failure recorded for the block's current content (state 'failed'), with its content hash. */
  failure: (GenerationError & { contentHash: string }) | null;
  /** Where its content is now: idle, waiting (queued, offline, sending), sent, downloading, ready, failed… */
  progress: BlockProgress;
  /** What plays when the user plays the block; null while it has no audio this window can play. */
  playable: PlayableTake | null;
}

/** What the answer depends on in the generation store. */
type GenerationFacts = Pick<GenerationState, 'pending' | 'jobs' | 'run' | 'audio'>;

interface Remembered {
  context: SendContext;
  pending: GenerationState['pending'];
  jobs: GenerationState['jobs'];
  run: GenerationState['run'];
  audio: GenerationState['audio'];
  value: BlockGeneration;
}

// Per block object, like blockState: the same answer (the same object) until the block, its context or what the
// store knows changes, so a component subscribed through selectBlockGeneration re-renders only then.
const remembered = new WeakMap<Block, Remembered>();

/** A block's generation state as the store and the project know it now. */
export function blockGenerationOf(
  state: GenerationFacts,
  block: Block,
  context: SendContext,
): BlockGeneration {
  const known = remembered.get(block);
  if (
    known !== undefined &&
    known.context === context &&
    known.pending === state.pending &&
    known.jobs === state.jobs &&
    known.run === state.run &&
    known.audio === state.audio
  ) {
    return known.value;
  }
  const derived = deriveGeneration(state, block, context);
  // A job's or another block's change leaves most answers as they were: the same object then, so a memoised
  // row or timeline block does not re-render for each poll of a job that is not its own.
  const value = known !== undefined && sameGeneration(known.value, derived) ? known.value : derived;
  const { pending, jobs, run, audio } = state;
  remembered.set(block, { context, pending, jobs, run, audio, value });
  return value;
}

// Field by field: this runs for every block on every job poll, and each part is null or a flat record of strings
// and numbers. Serialising both answers (JSON.stringify) cost about ten times as much (~45 ms against ~4 ms per
// 10,000 blocks; zustand's `shallow` builds two Maps a call, ~20 ms).
const sameGeneration = (a: BlockGeneration, b: BlockGeneration): boolean =>
  a.state === b.state &&
  sameFlatRecord(a.failure, b.failure) &&
  sameFlatRecord(a.progress, b.progress) &&
  sameFlatRecord(a.playable, b.playable);

function sameFlatRecord<T extends object>(a: T | null, b: T | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

// The run's blocks as a set, once per run: the progress bar asks for every block of a run of thousands.
const runBlocks = new WeakMap<GenerationRun, ReadonlySet<string>>();
function blocksOf(run: GenerationRun): ReadonlySet<string> {
  let blocks = runBlocks.get(run);
  if (blocks === undefined) {
    blocks = new Set(run.blockIds);
    runBlocks.set(run, blocks);
  }
  return blocks;
}

function nothingPending(pending: GenerationFacts['pending']): boolean {
  for (const _hash in pending) return false;
  return true;
}

function deriveGeneration(state: GenerationFacts, block: Block, context: SendContext): BlockGeneration {
  const saved = blockState(block, context);
  const failure = saved === 'failed' && block.generation.kind === 'failed' ? block.generation : null;
  // Nothing on its way (the usual case while writing): the lookup needs no hash, so a block typed in that was never
  // generated is not hashed for it (~0.15 ms a keystroke); the sliced hashing (hash-in-slices.ts) gets to it later.
  // Generated blocks are still hashed, by blockState and playableAudio, to tell whether they went stale.
  const jobId = nothingPending(state.pending) ? undefined : state.pending[contentHash(block, context)];
  const progress = blockProgress({
    state: saved,
    job: jobId === undefined ? undefined : state.jobs[jobId],
    inRun: state.run !== null && blocksOf(state.run).has(block.id),
    failure: failure?.error,
  });
  const audio = playableAudio(block, context);
  const mediaPath = audio === undefined ? undefined : state.audio[audio.cacheKey]?.mediaPath;
  return {
    state: saved,
    failure: failure === null ? null : { ...failure.error, contentHash: failure.contentHash },
    progress,
    playable: audio === undefined || mediaPath === undefined ? null : { ...audio, mediaPath },
  };
}

/**
 * The selector every view of a block's generation reads: `useGenerationStore(selectBlockGeneration(block,
 * context))` for one block. Its answer stays the same object while nothing it depends on changed.
 */
export const selectBlockGeneration =
  (block: Block, context: SendContext) =>
  (state: GenerationState): BlockGeneration =>
    blockGenerationOf(state, block, context);

let generationsCache: { facts: GenerationFacts; generationOf: BlockGenerations } | undefined;

/** selectBlockGeneration for any block of a list, answered from one subscription. */
export type BlockGenerations = (block: Block, context: SendContext) => BlockGeneration;

/**
 * For the views that list blocks (script rows, timeline blocks, the progress bar): one function answering
 * selectBlockGeneration for any block. It is a new function only when what the answers depend on changes (a job,
 * what is on its way, the run, where takes play), so the views re-render their visible blocks only then; an
 * upload's progress wakes none of them.
 */
export const selectBlockGenerations = (state: GenerationState): BlockGenerations => {
  const known = generationsCache?.facts;
  if (
    generationsCache === undefined ||
    known?.pending !== state.pending ||
    known.jobs !== state.jobs ||
    known.run !== state.run ||
    known.audio !== state.audio
  ) {
    const facts: GenerationFacts = {
      pending: state.pending,
      jobs: state.jobs,
      run: state.run,
      audio: state.audio,
    };
    generationsCache = { facts, generationOf: (block, context) => blockGenerationOf(facts, block, context) };
  }
  return generationsCache.generationOf;
};
