import { describe, expect, it } from 'vitest';
import { createProject } from '../../../common/project/index.js';
import { CheckedFileCache } from './checked-file-cache.js';

const bytesOf = (text: string) => Buffer.from(text);

describe('CheckedFileCache', () => {
  it('answers a kept project only for the very bytes it was read from, once', () => {
    const cache = new CheckedFileCache();
    const project = createProject({ title: 'Kept' });
    cache.keep('a.timbre', bytesOf('version one'), project);
    expect(cache.take('a.timbre', bytesOf('version two'))).toBeUndefined();
    // A mismatch forgets it too: the file moved on.
    expect(cache.take('a.timbre', bytesOf('version one'))).toBeUndefined();
    cache.keep('a.timbre', bytesOf('version one'), project);
    expect(cache.take('a.timbre', bytesOf('version one'))).toBe(project);
    expect(cache.take('a.timbre', bytesOf('version one'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps the newest files within its budget of bytes and nothing larger than the budget', () => {
    const cache = new CheckedFileCache(10);
    const project = createProject({ title: 'Any' });
    cache.keep('one.timbre', bytesOf('1234'), project);
    cache.keep('two.timbre', bytesOf('1234'), project);
    cache.keep('three.timbre', bytesOf('1234'), project);
    expect(cache.size).toBe(2);
    expect(cache.take('one.timbre', bytesOf('1234'))).toBeUndefined();
    expect(cache.take('three.timbre', bytesOf('1234'))).toBe(project);
    cache.keep('huge.timbre', bytesOf('12345678901'), project);
    expect(cache.take('huge.timbre', bytesOf('12345678901'))).toBeUndefined();
    // Keeping a file again replaces its entry rather than counting it twice.
    cache.keep('two.timbre', bytesOf('123456'), project);
    cache.keep('four.timbre', bytesOf('1234'), project);
    expect(cache.size).toBe(2);
  });
});
