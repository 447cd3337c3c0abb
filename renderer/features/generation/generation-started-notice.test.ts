import { describe, expect, it } from 'vitest';
import { generationStartedNotice } from './generation-started-notice.js';

const started = { serviceUrl: 'http://127.0.0.1:8787', jobIds: ['j1'], reusedBlocks: 0, characters: 24 };

describe('generationStartedNotice', () => {
  it('says blocks were queued, and nothing sent, while the service cannot be reached', () => {
    expect(generationStartedNotice({ ...started, sentBlocks: 2, offlineBlocks: 2 }, false)).toEqual({
      title: 'Queued until the service is back',
      body:
        '2 blocks queued (24 characters), nothing sent yet: the service cannot be reached. Queued blocks are ' +
        'sent by themselves when it is back (see Tasks)',
    });
  });

  it('tells sent blocks from queued ones when only some tasks wait', () => {
    const notice = generationStartedNotice(
      { ...started, sentBlocks: 3, offlineBlocks: 1, reusedBlocks: 2 },
      false,
    );
    expect(notice.title).toBe('Generating');
    expect(notice.body).toBe(
      '2 blocks sent and 1 block queued (24 characters in all): the service cannot be reached now. Queued ' +
        'blocks are sent by themselves when it is back (see Tasks); 2 reused from earlier generations',
    );
  });

  it('says sent when the service took them, and nothing to send when all were reused', () => {
    expect(generationStartedNotice({ ...started, sentBlocks: 1, offlineBlocks: 0 }, true)).toEqual({
      title: 'Taking again',
      body: '1 block sent (24 characters)',
    });
    expect(generationStartedNotice({ ...started, sentBlocks: 0, reusedBlocks: 3 }, false).body).toBe(
      'Nothing to send; 3 reused from earlier generations',
    );
  });

  it('says which blocks were left out because they may be charged twice (issue 37)', () => {
    const held = {
      blockId: 't1',
      contentHash: 'a'.repeat(64),
      jobId: 'j0',
      jobStatus: 'unknown-outcome' as const,
    };
    const notice = generationStartedNotice(
      { ...started, sentBlocks: 2, heldBlocks: [{ ...held, characters: 5, credits: 5, label: 'Hello' }] },
      false,
    );
    expect(notice.body).toBe(
      '2 blocks sent (24 characters); 1 block left out, as it may be charged twice (see Tasks)',
    );
  });

  it('says blocks are being sent, not sent, while the service has not answered their tasks', () => {
    // The first task's POST still hangs after Generate's wait: nothing is known to have gone.
    expect(
      generationStartedNotice({ ...started, sentBlocks: 2, sendingBlocks: 2, offlineBlocks: 0 }, false),
    ).toEqual({ title: 'Generating', body: '2 blocks being sent (24 characters)…' });
    // The first task was answered; the run's later tasks are still waiting their turn.
    expect(
      generationStartedNotice(
        { ...started, sentBlocks: 5, sendingBlocks: 3, offlineBlocks: 0, reusedBlocks: 1 },
        false,
      ).body,
    ).toBe(
      '2 blocks sent and 3 blocks being sent (24 characters in all)…; 1 reused from earlier generations',
    );
    // Found offline meanwhile: the tasks behind it are queued too, and those still being sent are told apart.
    expect(
      generationStartedNotice({ ...started, sentBlocks: 4, sendingBlocks: 1, offlineBlocks: 3 }, false),
    ).toEqual({
      title: 'Generating',
      body:
        '1 block being sent and 3 blocks queued (24 characters in all): the service cannot be reached now. Queued ' +
        'blocks are sent by themselves when it is back (see Tasks)',
    });
  });
});
