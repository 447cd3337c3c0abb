/**
 * Reads the browser shell's frames as JSON text, in the order they arrived. Text frames are JSON; binary frames
 * are JSON compressed with raw DEFLATE (main/browser/frame-deflate.ts: long answers, such as an opened
 * audiobook), inflated by `inflate` (in the app, a worker: worker-inflater.ts). A text frame that arrives while a
 * binary one is still inflating waits for it, so an event never overtakes the answer main sent before it. While
 * nothing inflates, a text frame is read at once, in its own message event.
 */
export function createFrameReader(
  read: (json: string) => void,
  onBadFrame: (error: unknown) => void,
  inflate: (data: ArrayBuffer) => Promise<string>,
): (data: unknown) => void {
  let backlog: Promise<void> | undefined;
  let queued = 0;
  return (data) => {
    if (typeof data === 'string' && backlog === undefined) {
      read(data);
      return;
    }
    // Inflating starts now, alongside any frame still ahead of it; only the reading waits its turn.
    const text =
      typeof data === 'string'
        ? Promise.resolve(data)
        : data instanceof ArrayBuffer
          ? inflate(data)
          : Promise.reject(new Error('The shell sent a frame of an unknown kind'));
    // Its failure is reported in turn, below; until then it is not an unhandled rejection.
    text.catch(() => undefined);
    queued += 1;
    backlog = (backlog ?? Promise.resolve())
      .then(() => text)
      .then(read)
      .catch(onBadFrame)
      .finally(() => {
        queued -= 1;
        if (queued === 0) backlog = undefined;
      });
  };
}
