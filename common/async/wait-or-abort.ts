/**
 * Waits for `promise`, but gives up (rejecting with `Generation was cancelled`, or `message`) as soon as `signal`
 * aborts. The promise itself runs on: this only stops waiting for it.
 */
export function waitOrAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  message = 'Generation was cancelled',
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new Error(message));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new Error(message));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
