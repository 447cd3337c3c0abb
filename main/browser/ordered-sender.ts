import type { OutgoingFrame } from './frame-deflate.js';

/**
 * Sends one connection's frames in the order main made them, though a long one is compressed first: an event
 * emitted while the answer before it is being compressed waits for that answer, as it did when every answer went
 * out at once. While nothing waits, a ready frame goes out immediately.
 */
export class OrderedSender {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly send: (frame: OutgoingFrame) => void) {}

  push(frame: OutgoingFrame | Promise<OutgoingFrame>): void {
    if (this.waiting === 0 && !(frame instanceof Promise)) {
      this.send(frame);
      return;
    }
    this.waiting += 1;
    // The frames handed in must not reject (callers fall back to an uncompressed frame): a rejection here would
    // only skip that frame, never stop the ones after it.
    this.tail = this.tail
      .then(() => frame)
      .then((ready) => this.send(ready))
      .catch(() => undefined)
      .finally(() => {
        this.waiting -= 1;
      });
  }
}
