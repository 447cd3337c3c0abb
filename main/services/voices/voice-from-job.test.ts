import { describe, expect, it } from 'vitest';
import type { VoiceJobRecord } from '../jobs/index.js';
import type { VoiceEntry } from './voice-entry.js';
import { voiceEntrySchema } from './voice-entry.js';
import type { VoiceJobEffect } from './voice-from-job.js';
import { effectOfVoiceJob } from './voice-from-job.js';

const NOW = '2025-03-01T10:00:00.000Z';
const SERVICE = 'http://127.0.0.1:8787';
const VOICE_ID = '11111111-2222-4333-8444-555555555555';
const GENERATE_ID = '99999999-2222-4333-8444-555555555555';

function job(overrides: Partial<VoiceJobRecord> = {}): VoiceJobRecord {
  return {
    id: 'job-1',
    kind: 'voice',
    serviceUrl: SERVICE,
    status: 'queued',
    voiceName: 'My voice',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

function voiceResult(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: VOICE_ID,
    idForGenerate: GENERATE_ID,
    name: 'My voice',
    status,
    metadata: {
      prompts: [
        {
          id: 'default',
          name: 'Default',
          promptOriginAudioStorageUrl: `${SERVICE}/files/voices/x/prompt.wav`,
        },
      ],
      ...extra,
    },
  };
}

function upserted(effect: VoiceJobEffect): VoiceEntry {
  if (effect.kind !== 'upsert') throw new Error(`expected an upsert, got ${effect.kind}`);
  // Whatever the library stores must pass the schema it loads with.
  return voiceEntrySchema.parse(effect.entry);
}

function mapOf(...entries: VoiceEntry[]): Map<string, VoiceEntry> {
  return new Map(entries.map((entry) => [entry.id, entry]));
}

describe('effectOfVoiceJob', () => {
  it('keys a voice the service has not answered about by the job id, as creating with the job status', () => {
    const entry = upserted(effectOfVoiceJob(new Map(), job({ status: 'queued-offline' }), undefined, NOW));
    expect(entry).toMatchObject({
      id: 'job-1',
      idForGenerate: 'job-1',
      jobId: 'job-1',
      serviceName: 'My voice',
      status: 'queued-offline',
      state: 'creating',
      origin: 'created',
      professional: false,
      styles: [],
      addedAt: '2025-03-01T09:00:00.000Z',
    });
  });

  it('turns the placeholder into the service voice once the job holds it, keeping the rename', () => {
    const placeholder = upserted(effectOfVoiceJob(new Map(), job({ status: 'submitting' }), undefined, NOW));
    const renamed = { ...placeholder, localName: 'Narrator' };
    const effect = effectOfVoiceJob(
      mapOf(renamed),
      job({
        status: 'running',
        remoteId: VOICE_ID,
        remoteStatus: 'creating',
        result: voiceResult('creating'),
        requestId: 'req-7',
        updatedAt: '2025-03-01T09:00:05.000Z',
      }),
      undefined,
      NOW,
    );
    const entry = upserted(effect);
    expect(effect).toMatchObject({ removeIds: ['job-1'] });
    expect(entry).toMatchObject({
      id: VOICE_ID,
      idForGenerate: GENERATE_ID,
      localName: 'Narrator',
      state: 'creating',
      status: 'creating',
      requestId: 'req-7',
      jobId: 'job-1',
      addedAt: placeholder.addedAt,
    });
    expect(entry.styles).toEqual([
      { id: 'default', name: 'Default', sampleUrl: `${SERVICE}/files/voices/x/prompt.wav` },
    ]);
  });

  it('reads lora statuses as training and a professional clone, lora-success as ready', () => {
    const training = upserted(
      effectOfVoiceJob(
        new Map(),
        job({ status: 'running', remoteId: VOICE_ID, result: voiceResult('lora-awaiting') }),
        undefined,
        NOW,
      ),
    );
    expect(training).toMatchObject({ state: 'training', professional: true });
    const done = upserted(
      effectOfVoiceJob(
        mapOf(training),
        job({ status: 'succeeded', remoteId: VOICE_ID, result: voiceResult('lora-success'), updatedAt: NOW }),
        undefined,
        NOW,
      ),
    );
    expect(done).toMatchObject({ state: 'ready', status: 'lora-success', professional: true });
  });

  it('marks a job refused by the service as failed with its message', () => {
    const entry = upserted(
      effectOfVoiceJob(
        new Map(),
        job({
          status: 'failed',
          error: { code: 'VOICE_PROMPT_TOO_SHORT', message: 'Under 3 s of speech.', requestId: 'req-9' },
          requestId: 'req-9',
        }),
        undefined,
        NOW,
      ),
    );
    expect(entry).toMatchObject({
      id: 'job-1',
      state: 'failed',
      status: 'failed',
      failureReason: 'Under 3 s of speech.',
      requestId: 'req-9',
    });
  });

  it("prefers the service's failure reason over the job's summary", () => {
    const entry = upserted(
      effectOfVoiceJob(
        new Map(),
        job({
          status: 'failed',
          remoteId: VOICE_ID,
          result: voiceResult('failed', { failureReason: 'Training diverged.' }),
          error: { code: 'VOICE_FAILED', message: 'Training diverged.' },
        }),
        undefined,
        NOW,
      ),
    );
    expect(entry).toMatchObject({ id: VOICE_ID, state: 'failed', failureReason: 'Training diverged.' });
  });

  it('ends a voice the job failed on while still creating (e.g. it vanished) as failed with the job error', () => {
    const entry = upserted(
      effectOfVoiceJob(
        new Map(),
        job({
          status: 'failed',
          remoteId: VOICE_ID,
          result: voiceResult('creating'),
          error: { code: 'VOICE_NOT_FOUND', message: 'The voice no longer exists.' },
        }),
        undefined,
        NOW,
      ),
    );
    expect(entry).toMatchObject({ state: 'failed', failureReason: 'The voice no longer exists.' });
  });

  it('shows stuck and unknown-outcome jobs as unknown with the explanation', () => {
    for (const status of ['stuck', 'unknown-outcome'] as const) {
      const entry = upserted(
        effectOfVoiceJob(
          new Map(),
          job({ status, error: { code: 'OUTCOME_UNKNOWN', message: 'Cannot tell.' } }),
          undefined,
          NOW,
        ),
      );
      expect(entry).toMatchObject({ state: 'unknown', failureReason: 'Cannot tell.' });
    }
  });

  it('leaves nothing behind for a job cancelled before it reached the service', () => {
    const placeholder = upserted(effectOfVoiceJob(new Map(), job(), undefined, NOW));
    expect(
      effectOfVoiceJob(mapOf(placeholder), job({ status: 'cancelled', updatedAt: NOW }), undefined, NOW),
    ).toEqual({ kind: 'remove', removeIds: ['job-1'] });
    expect(effectOfVoiceJob(new Map(), job({ status: 'cancelled' }), undefined, NOW)).toEqual({
      kind: 'none',
    });
  });

  it('ignores a snapshot it has already applied, and task jobs', () => {
    const first = job({ status: 'running', remoteId: VOICE_ID, result: voiceResult('creating') });
    const entry = upserted(effectOfVoiceJob(new Map(), first, undefined, NOW));
    expect(effectOfVoiceJob(mapOf(entry), first, undefined, NOW)).toEqual({ kind: 'none' });
    const { result: _voiceResult, ...withoutResult } = first;
    const task = { ...withoutResult, kind: 'task' as const };
    expect(effectOfVoiceJob(new Map(), task, undefined, NOW)).toEqual({ kind: 'none' });
  });

  it('replaces the failed attempt a retry retries, carrying its rename and superseding the old job', () => {
    const failed = {
      ...upserted(
        effectOfVoiceJob(
          new Map(),
          job({ status: 'failed', error: { code: 'X', message: 'No.' } }),
          undefined,
          NOW,
        ),
      ),
      localName: 'Kept name',
    };
    const effect = effectOfVoiceJob(mapOf(failed), job({ id: 'job-2', retryOf: 'job-1' }), undefined, NOW);
    const entry = upserted(effect);
    expect(entry).toMatchObject({ id: 'job-2', localName: 'Kept name', state: 'creating' });
    expect(effect).toMatchObject({ removeIds: ['job-1'], supersededJobIds: ['job-1'] });
  });

  it('fills gaps from the caller details without overriding the service', () => {
    const placeholder = upserted(
      effectOfVoiceJob(
        new Map(),
        job(),
        { professional: true, language: 'en', modelVersion: 'v3.0', description: 'Mine' },
        NOW,
      ),
    );
    expect(placeholder).toMatchObject({
      professional: true,
      language: 'en',
      modelVersion: 'v3.0',
      description: 'Mine',
    });
    const entry = upserted(
      effectOfVoiceJob(
        mapOf(placeholder),
        job({
          status: 'running',
          remoteId: VOICE_ID,
          result: { ...voiceResult('lora-pending'), language: 'de', modelVersion: 'v3.0' },
          updatedAt: NOW,
        }),
        undefined,
        NOW,
      ),
    );
    expect(entry).toMatchObject({ language: 'de', professional: true, description: 'Mine' });
  });

  it('does not trust a malformed result read back from the job file', () => {
    const entry = upserted(
      effectOfVoiceJob(
        new Map(),
        job({
          status: 'running',
          remoteId: VOICE_ID,
          remoteStatus: 'creating',
          result: { id: '', status: 5 } as unknown as NonNullable<VoiceJobRecord['result']>,
        }),
        undefined,
        NOW,
      ),
    );
    expect(entry).toMatchObject({ id: VOICE_ID, state: 'creating', status: 'creating', styles: [] });
  });
});
