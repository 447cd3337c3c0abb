import { describe, expect, it } from 'vitest';
import type { OutgoingFrame } from './frame-deflate.js';
import { OrderedSender } from './ordered-sender.js';

const frame = (text: string): OutgoingFrame => ({ data: Buffer.from(text), binary: false });

function deferred(): { promise: Promise<OutgoingFrame>; resolve(value: OutgoingFrame): void } {
  let resolve!: (value: OutgoingFrame) => void;
  const promise = new Promise<OutgoingFrame>((done) => (resolve = done));
  return { promise, resolve };
}

describe('OrderedSender', () => {
  it('sends a ready frame at once while nothing waits', () => {
    const sent: string[] = [];
    const sender = new OrderedSender((outgoing) => sent.push(outgoing.data.toString()));
    sender.push(frame('hello'));
    expect(sent).toEqual(['hello']);
  });

  it('holds an event behind the answer still being compressed before it', async () => {
    const sent: string[] = [];
    const sender = new OrderedSender((outgoing) => sent.push(outgoing.data.toString()));
    const answer = deferred();
    sender.push(answer.promise);
    sender.push(frame('event after the answer'));
    await Promise.resolve();
    expect(sent).toEqual([]);
    answer.resolve(frame('the answer'));
    await expect.poll(() => sent).toEqual(['the answer', 'event after the answer']);
    // Once the line is empty, ready frames go out at once again.
    sender.push(frame('later'));
    expect(sent.at(-1)).toBe('later');
  });

  it('goes on after a frame that failed', async () => {
    const sent: string[] = [];
    const sender = new OrderedSender((outgoing) => sent.push(outgoing.data.toString()));
    sender.push(Promise.reject(new Error('zlib failed')));
    sender.push(frame('next'));
    await expect.poll(() => sent).toEqual(['next']);
  });
});
