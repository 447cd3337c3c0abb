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

  it('answers by stamp only an entry read while its file held still, with the same stamp, once', () => {
    const cache = new CheckedFileCache();
    const project = createProject({ title: 'Stamped' });
    cache.keep('a.timbre', bytesOf('version one'), project, '7:11:100:100');
    expect(cache.takeStamped('a.timbre', '7:11:100:200')).toBeUndefined();
    // A stamp that does not match leaves the entry for a read of the bytes.
    expect(cache.take('a.timbre', bytesOf('version one'))).toBe(project);
    cache.keep('a.timbre', bytesOf('version one'), project, '7:11:100:100');
    expect(cache.takeStamped('a.timbre', '7:11:100:100')).toEqual({ bytes: bytesOf('version one'), project });
    expect(cache.takeStamped('a.timbre', '7:11:100:100')).toBeUndefined();
    // Read while the file changed: no stamp, so never answered by one.
    cache.keep('b.timbre', bytesOf('moving'), project);
    expect(cache.takeStamped('b.timbre', '')).toBeUndefined();
    expect(cache.size).toBe(1);
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
