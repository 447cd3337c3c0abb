import { describe, expect, it } from 'vitest';
import { classifyTaskStatus, classifyVoiceStatus, looksLikeFailure } from './remote-status.js';
import { explainServiceCode } from './service-codes.js';

describe('remote status classification', () => {
  it('ends tasks at generated only', () => {
    expect(classifyTaskStatus('generated')).toBe('done');
    expect(classifyTaskStatus('pending')).toBe('in-progress');
    expect(classifyTaskStatus('processing')).toBe('in-progress');
  });

  it('ends voices at pending (ready) or lora-success', () => {
    expect(classifyVoiceStatus('pending')).toBe('done');
    expect(classifyVoiceStatus('lora-success')).toBe('done');
    for (const status of ['creating', 'lora-pending', 'lora-awaiting'])
      expect(classifyVoiceStatus(status)).toBe('in-progress');
  });

  it('treats anything that reads like a failure as failed, and other unknown statuses as unknown', () => {
    for (const status of [
      'failed',
      'FAILURE',
      'error',
      'cancelled',
      'canceled',
      'rejected',
      'aborted',
      'lora-failed',
    ]) {
      expect(looksLikeFailure(status)).toBe(true);
      expect(classifyTaskStatus(status)).toBe('failed');
      expect(classifyVoiceStatus(status)).toBe('failed');
    }
    expect(classifyTaskStatus('queued')).toBe('unknown');
    expect(classifyVoiceStatus('generated')).toBe('unknown');
    expect(classifyTaskStatus('')).toBe('unknown');
  });

  it('explains codes in plain words, including the RATE_LIMIT family', () => {
    expect(explainServiceCode('STREAM_TIMEOUT')).toMatch(/90 seconds/);
    expect(explainServiceCode('RATE_LIMIT_PER_MINUTE')).toMatch(/limiting/);
    expect(explainServiceCode('SOMETHING_NEW')).toBeUndefined();
    expect(explainServiceCode('toString')).toBeUndefined();
  });
});
