import { describe, expect, it } from 'vitest';
import { FaultBook, defaultCodeForStatus } from './faults.js';

describe('FaultBook', () => {
  it('applies a rule to the next N matching requests only', () => {
    const faults = new FaultBook();
    faults.add({ mode: 'status', status: 503, count: 2, method: 'post', pathPrefix: '/api/tts/generate' });
    expect(faults.take('GET', '/api/tts/generate/1')).toBeUndefined();
    expect(faults.take('POST', '/api/voice')).toBeUndefined();
    expect(faults.take('POST', '/api/tts/generate')?.status).toBe(503);
    expect(faults.take('POST', '/api/tts/generate')?.remaining).toBe(0);
    expect(faults.take('POST', '/api/tts/generate')).toBeUndefined();
    expect(faults.list()).toEqual([]);
  });

  it('spreads a rule over every n-th matching request when asked', () => {
    const faults = new FaultBook();
    faults.add({ mode: 'drop-before', every: 3, count: 2, pathPrefix: '/files/' });
    faults.add({ mode: 'status', status: 503, every: 2, count: 1, pathPrefix: '/files/' });
    const modes = Array.from({ length: 8 }, () => faults.take('GET', '/files/a.mp3')?.mode ?? 'served');
    expect(modes).toEqual([
      'served',
      'status',
      'drop-before',
      'served',
      'served',
      'drop-before',
      'served',
      'served',
    ]);
    expect(faults.list()).toEqual([]);
  });

  it('fills defaults and rejects invalid rules naming the field', () => {
    const faults = new FaultBook();
    const rule = faults.add({ mode: 'hang' });
    expect(rule).toMatchObject({ count: 1, hangMs: 30_000, pathPrefix: '/api/' });
    expect(() => faults.add({ mode: 'explode' })).toThrow(/mode/);
    expect(() => faults.add({ mode: 'status', status: 200 })).toThrow(/status/);
    faults.clear();
    expect(faults.list()).toEqual([]);
  });

  it('picks plausible codes for injected statuses', () => {
    expect(defaultCodeForStatus(503)).toBe('SERVICE_UNAVAILABLE');
    expect(defaultCodeForStatus(429)).toBe('RATE_LIMIT_EXCEEDED');
    expect(defaultCodeForStatus(599)).toBe('INTERNAL_ERROR');
  });
});
