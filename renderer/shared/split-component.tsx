import { lazy } from 'react';
import type { ComponentType, JSX } from 'react';

export interface SplitComponent<Props extends object> {
  /** Renders the component: at once when its code is in, else through React.lazy (inside a Suspense). */
  readonly Component: ComponentType<Props>;
  /** Fetches the code ahead, while the app is idle (a failure is tried again when the component is shown). */
  preload(): Promise<void>;
}

/**
 * A component whose code is split out of the first load (a dynamic import, which Vite makes a chunk of its own).
 * React.lazy alone suspends on its first render even when the chunk was fetched ahead, since it starts its import
 * only then; and React, once a Suspense fallback is shown, waits at least 300 ms before it shows what came in (its
 * throttle on revealing content). Opening the first project after a start took ~420 ms, where the second open took
 * ~50 ms (`scripts/bench-startup.ts`, "open"). Once the code is in, this renders the component directly.
 */
export function splitComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): SplitComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  function Split(props: Props): JSX.Element {
    // The lazy wrapper is never committed: it suspends until its import settles, which sets `loaded` first, so
    // the render React retries then already shows the component itself (no remount when the code arrives).
    const Chosen = loaded ?? Lazy;
    return <Chosen {...props} />;
  }
  return { Component: Split, preload: () => start().then(() => undefined) };
}
