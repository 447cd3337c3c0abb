import { describe, expect, it } from 'vitest';
import { MemoryLogger } from './logger.js';

describe('a log line with a detail', () => {
  it('writes a detail JSON can write as JSON', () => {
    const logger = new MemoryLogger();
    logger.error('Export failed', { code: 'ENOSPC', bytes: 12 });
    expect(logger.lines).toEqual(['error Export failed — {"code":"ENOSPC","bytes":12}']);
  });

  it('writes the fields of a detail JSON cannot write (a circular one) rather than "[object Object]"', () => {
    const logger = new MemoryLogger();
    const detail: { code: string; self?: unknown } = { code: 'ELOOP' };
    detail.self = detail;
    logger.error('Answering a page request failed', detail);
    expect(logger.lines[0]).toContain("code: 'ELOOP'");
    expect(logger.lines[0]).not.toContain('[object Object]');
  });

  it('writes a detail JSON leaves out (a function) rather than "undefined"', () => {
    const logger = new MemoryLogger();
    logger.error('Callback threw', function onProgress() {});
    expect(logger.lines[0]).toContain('onProgress');
  });
});
