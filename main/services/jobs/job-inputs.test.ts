import { describe, expect, it } from 'vitest';
import { pickLinks } from './job-inputs.js';

describe('pickLinks', () => {
  it('keeps every link the caller gave, and nothing else', () => {
    const links = pickLinks({
      projectId: 'p1',
      blockIds: ['b1', 'b2'],
      contentHashes: ['h1', 'h2'],
      takeOf: ['t1', 't2'],
      projectTitle: 'Chapter one',
      voiceName: 'Ada',
      ...{ status: 'failed', remoteId: 'r1' },
    });
    expect(links).toEqual({
      projectId: 'p1',
      blockIds: ['b1', 'b2'],
      contentHashes: ['h1', 'h2'],
      takeOf: ['t1', 't2'],
      projectTitle: 'Chapter one',
      voiceName: 'Ada',
    });
  });

  it('leaves out links that were not given', () => {
    const links = pickLinks({ projectId: 'p1', blockIds: undefined });
    expect(links).toEqual({ projectId: 'p1' });
    expect(Object.keys(links)).toEqual(['projectId']);
  });

  it('copies the lists, so later edits by the caller do not reach the job', () => {
    const blockIds = ['b1'];
    const contentHashes = ['h1'];
    const takeOf = ['t1'];
    const links = pickLinks({ blockIds, contentHashes, takeOf });
    blockIds.push('b2');
    contentHashes.push('h2');
    takeOf.push('t2');
    expect(links).toEqual({ blockIds: ['b1'], contentHashes: ['h1'], takeOf: ['t1'] });
  });
});
