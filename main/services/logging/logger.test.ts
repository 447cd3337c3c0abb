import { describe, expect, it } from 'vitest';
import { FileLogger, MemoryLogger } from './logger.js';

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

describe('redaction of a FileLogger line', () => {
  it('removes a bearer credential, bare or quoted, and every secret it learned', () => {
    const lines: string[] = [];
    const logger = new FileLogger(null, (line) => lines.push(line));
    logger.addSecret('tk_learned_123');
    logger.warn(
      `Service said: Authorization: Bearer "tk_quoted_456", then Bearer tk_bare_789 and tk_learned_123`,
    );
    expect(lines[0]).toMatch(/Bearer "\[redacted\]", then Bearer \[redacted\] and \[redacted\]$/u);
    expect(lines[0]).not.toMatch(/tk_/u);
  });
});
