import type { TakeMedia, TakeWaveform } from '../../../common/ipc/generation-methods.js';
import type { AudioCache } from '../audio-cache/index.js';

/** Older cache entries are decoded for their waveform on request: a few at a time keeps main responsive. */
const WAVEFORM_CONCURRENCY = 4;

/** Where the cached audio of these takes plays; takes no longer in the cache are left out. */
export async function takeMedia(
  audio: AudioCache,
  serviceUrl: string,
  cacheKeys: readonly string[],
): Promise<TakeMedia[]> {
  const cached = await audio.lookupMany(serviceUrl, cacheKeys);
  return [...cached.values()].map((entry) => ({
    cacheKey: entry.cacheKey,
    mediaPath: entry.mediaPath,
    durationMs: entry.durationMs,
  }));
}

/** The waveforms of these takes' cached audio, a few decoded at a time when older entries lack one. */
export async function takeWaveforms(
  audio: AudioCache,
  serviceUrl: string,
  cacheKeys: readonly string[],
): Promise<TakeWaveform[]> {
  const found: TakeWaveform[] = [];
  const keys = [...new Set(cacheKeys)];
  for (let start = 0; start < keys.length; start += WAVEFORM_CONCURRENCY) {
    const slice = keys.slice(start, start + WAVEFORM_CONCURRENCY);
    const analyses = await Promise.all(
      slice.map((key) => audio.analysis(serviceUrl, key).catch(() => undefined)),
    );
    analyses.forEach((analysis, index) => {
      if (!analysis) return;
      const { durationMs, windowsPerSecond, envelope } = analysis;
      found.push({ cacheKey: slice[index] ?? '', durationMs, windowsPerSecond, envelope });
    });
  }
  return found;
}
