import { describe, expect, it } from 'vitest';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import { applySegmentUpdates } from '../../common/generation/segment-updates.js';
import { OUTCOME_UNKNOWN_CODE } from '../../common/jobs/job-status.js';
import type { JobStatus } from '../../common/jobs/job-status.js';
import type { JobView } from '../../common/jobs/job-view.js';
import { updateBlock } from '../../common/project/block-edits.js';
import { contentHash, findBlock } from '../../common/project/index.js';
import type { Block, Project } from '../../common/project/project-schema.js';
import { sendContext } from '../../common/project/send-context.js';
import { sampleProject } from '../../common/project/test-support.js';
import type { BlockGeneration } from './generation-store.js';
import { selectBlockGeneration, selectBlockGenerations } from './generation-store.js';
import { createGenerationStore } from './generation-store.js';

const contextOf = (project: Project) => sendContext(project, []);
const blockOf = (project: Project, id = 't1'): Block => findBlock(project, id)!.block;
const hashOf = (project: Project, id = 't1'): string => contentHash(blockOf(project, id), contextOf(project));

function generatedUpdate(project: Project, cacheKey = 'c'.repeat(64)): SegmentUpdate {
  return {
    contentHash: hashOf(project),
    state: 'generated',
    fresh: true,
    audio: {
      cacheKey,
      durationMs: 1200,
      mediaPath: `/media/${cacheKey}.mp3`,
      generatedAt: '2026-01-01T00:00:00Z',
    },
  };
}

function job(status: JobStatus, changes: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    kind: 'task',
    serviceUrl: 'https://tts.example',
    status,
    createdAt: '2026-01-01T00:00:00Z',
    ...changes,
  };
}

/** The store and project after the given reports, and t1's generation as the selector answers it. */
function generationAfter(
  project: Project,
  setUp: (store: ReturnType<typeof createGenerationStore>) => void = () => undefined,
): BlockGeneration {
  const store = createGenerationStore();
  setUp(store);
  return selectBlockGeneration(blockOf(project), contextOf(project))(store.getState());
}

/** A block whose content is on its way in job-1, in the given status. */
function inJob(project: Project, status: JobStatus, changes: Partial<JobView> = {}): BlockGeneration {
  return generationAfter(project, (store) => {
    store.getState().receive([{ contentHash: hashOf(project), state: 'pending', jobId: 'job-1' }]);
    store.getState().upsertJob(job(status, changes));
  });
}

describe('selectBlockGeneration', () => {
  const fresh = sampleProject();

  it('a block never asked for is not generated, with nothing to play', () => {
    expect(generationAfter(fresh)).toEqual({
      state: 'not-generated',
      failure: null,
      progress: { kind: 'idle' },
      playable: null,
    });
  });

  it('follows the job carrying its content: queued, offline, sending, generating, downloading', () => {
    expect(inJob(fresh, 'queued').progress).toEqual({ kind: 'waiting', detail: 'Waiting to be sent' });
    expect(inJob(fresh, 'queued-offline').progress).toEqual({
      kind: 'waiting',
      detail: 'Waiting for the service to be reachable',
    });
    expect(inJob(fresh, 'submitting').progress).toEqual({ kind: 'waiting', detail: 'Sending' });
    expect(inJob(fresh, 'running', { remoteStatus: 'rendering' }).progress).toEqual({
      kind: 'sent',
      remoteStatus: 'rendering',
    });
    expect(inJob(fresh, 'succeeded').progress).toEqual({ kind: 'downloading' });
    expect(inJob(fresh, 'running').state).toBe('not-generated');
  });

  it('a job that failed or lost its answer says why, with the request id', () => {
    const error = { code: 'TASK_FAILED', message: 'The voice is gone.', requestId: 'req-7' };
    expect(inJob(fresh, 'failed', { error }).progress).toEqual({
      kind: 'failed',
      message: 'The voice is gone.',
      requestId: 'req-7',
    });
    expect(inJob(fresh, 'unknown-outcome', { requestId: 'req-8' }).progress).toMatchObject({
      kind: 'outcome-unknown',
      requestId: 'req-8',
    });
  });

  it('a generated block plays its take once this window knows where the audio is, and reads ready in the run', () => {
    const update = generatedUpdate(fresh);
    const generated = applySegmentUpdates(fresh, contextOf(fresh), [update]);
    const withoutMedia = generationAfter(generated);
    expect(withoutMedia).toMatchObject({ state: 'generated', progress: { kind: 'idle' }, playable: null });

    const watched = generationAfter(generated, (store) => {
      store.getState().receive([update]);
      store.getState().joinRun(['t1'], 0);
    });
    expect(watched).toEqual({
      state: 'generated',
      failure: null,
      progress: { kind: 'ready' },
      playable: { cacheKey: 'c'.repeat(64), durationMs: 1200, mediaPath: `/media/${'c'.repeat(64)}.mp3` },
    });
  });

  it('an edited block reads stale, and its new content on its way shows both', () => {
    const generated = applySegmentUpdates(fresh, contextOf(fresh), [generatedUpdate(fresh)]);
    const edited = updateBlock(generated, 't1', { text: 'Hello again.' });
    expect(generationAfter(edited)).toMatchObject({ state: 'stale', progress: { kind: 'idle' } });
    expect(inJob(edited, 'running')).toMatchObject({ state: 'stale', progress: { kind: 'sent' } });
  });

  it('a failure recorded for the current content gives its reason, request id and content hash', () => {
    const error = { code: 'AUDIO_DOWNLOAD_FAILED', message: 'The download broke off.', requestId: 'req-9' };
    const failed = applySegmentUpdates(fresh, contextOf(fresh), [
      { contentHash: hashOf(fresh), state: 'failed', error },
    ]);
    expect(generationAfter(failed)).toEqual({
      state: 'failed',
      failure: { ...error, contentHash: hashOf(fresh) },
      progress: { kind: 'failed', message: 'The download broke off.', requestId: 'req-9' },
      playable: null,
    });
    const lost = applySegmentUpdates(fresh, contextOf(fresh), [
      {
        contentHash: hashOf(fresh),
        state: 'failed',
        error: { code: OUTCOME_UNKNOWN_CODE, message: 'Lost.' },
      },
    ]);
    expect(generationAfter(lost).progress).toEqual({
      kind: 'outcome-unknown',
      message: 'Lost.',
      requestId: undefined,
    });
  });

  it('answers the same object until the block or what the store knows changes', () => {
    const store = createGenerationStore();
    const context = contextOf(fresh);
    const select = selectBlockGeneration(blockOf(fresh), context);
    const first = select(store.getState());
    store.getState().setReachable('https://tts.example', true);
    // A new selector for the same block (a re-render) answers the same object too.
    expect(selectBlockGeneration(blockOf(fresh), context)(store.getState())).toBe(first);
    // Another block's job: the answer is unchanged, and the same object.
    store.getState().receive([{ contentHash: 'f'.repeat(64), state: 'pending', jobId: 'job-2' }]);
    store.getState().upsertJob(job('running', { id: 'job-2' }));
    expect(select(store.getState())).toBe(first);
    store.getState().receive([{ contentHash: hashOf(fresh), state: 'pending', jobId: 'job-1' }]);
    store.getState().upsertJob(job('queued'));
    const waiting = select(store.getState());
    expect(waiting).not.toBe(first);
    expect(waiting.progress.kind).toBe('waiting');
    // A poll that changes nothing this block shows keeps it too.
    store.getState().upsertJob(job('queued', { remoteStatus: 'in line' }));
    expect(select(store.getState())).toBe(waiting);
    // A poll that changes one word the block shows (the service's status) is a new answer.
    store.getState().upsertJob(job('running', { remoteStatus: 'rendering' }));
    const rendering = select(store.getState());
    expect(rendering.progress).toEqual({ kind: 'sent', remoteStatus: 'rendering' });
    store.getState().upsertJob(job('running', { remoteStatus: 'encoding' }));
    expect(select(store.getState())).not.toBe(rendering);
    expect(select(store.getState()).progress).toEqual({ kind: 'sent', remoteStatus: 'encoding' });
  });

  it('gives lists one function answering as selectBlockGeneration, new only when what it reads changes', () => {
    const store = createGenerationStore();
    const context = contextOf(fresh);
    const generationOf = selectBlockGenerations(store.getState());
    expect(generationOf(blockOf(fresh), context)).toBe(
      selectBlockGeneration(blockOf(fresh), context)(store.getState()),
    );
    // Reachability (an upload's world) is not read: the list keeps its function and renders nothing again.
    store.getState().setReachable('https://tts.example', true);
    expect(selectBlockGenerations(store.getState())).toBe(generationOf);
    store.getState().receive([{ contentHash: hashOf(fresh), state: 'pending', jobId: 'job-1' }]);
    store.getState().upsertJob(job('queued'));
    const next = selectBlockGenerations(store.getState());
    expect(next).not.toBe(generationOf);
    expect(next(blockOf(fresh), context).progress.kind).toBe('waiting');
  });
});
