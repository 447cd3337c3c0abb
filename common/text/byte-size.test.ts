import { describe, expect, it } from 'vitest';
import { formatBytes } from './byte-size.js';

describe('formatBytes', () => {
  it('writes file sizes in bytes, KB, MB or GB', () => {
    expect(formatBytes(812)).toBe('812 bytes');
    expect(formatBytes(14_540)).toBe('14.2 KB');
    expect(formatBytes(3.1 * 1024 * 1024)).toBe('3.1 MB');
    expect(formatBytes(1.5 * 1024 * 1024 * 1024)).toBe('1.5 GB');
  });
});
