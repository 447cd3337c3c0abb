import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { decodeEnvelope, envelopeLevelDb } from '../../common/audio/audio-analysis.js';
import type { TimbreClient } from '../../common/ipc/api.js';
import type { TakeWaveform } from '../../common/ipc/generation-methods.js';
import { WAVEFORMS_PER_REQUEST } from '../../common/ipc/generation-methods.js';

/*
 * Waveforms of takes, by cache key, fetched from main on demand: the timeline and the script ask for the blocks
 * they show, asks within one frame are sent as one request, and a waveform is fetched once per window.
 */

export interface LoadedWaveform {
  durationMs: number;
  windowsPerSecond: number;
  /** Linear peak level (0…1) of each window: what is drawn. */
  levels: Float32Array;
}

export interface WaveformState {
  waveforms: Readonly<Record<string, LoadedWaveform>>;
  /** Asks for the waveforms of these takes (those known or on their way are skipped). */
  request(serviceUrl: string, cacheKeys: readonly string[]): void;
}

/** What is drawn from a stored envelope: its dB bytes back to linear peak levels. */
function loadedWaveform(waveform: TakeWaveform): LoadedWaveform {
  const bytes = decodeEnvelope(waveform.envelope);
  const levels = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1)
    levels[i] = bytes[i] === 0 ? 0 : 10 ** (envelopeLevelDb(bytes[i]!) / 20);
  return { durationMs: waveform.durationMs, windowsPerSecond: waveform.windowsPerSecond, levels };
}

export const createWaveformStore = (client: TimbreClient): StoreApi<WaveformState> =>
  createStore<WaveformState>()((set, get) => {
    const asked = new Set<string>();
    const queue = new Map<string, Set<string>>();
    let scheduled = false;

    const flush = (): void => {
      scheduled = false;
      const batches = [...queue.entries()];
      queue.clear();
      for (const [serviceUrl, keys] of batches) {
        const all = [...keys];
        for (let start = 0; start < all.length; start += WAVEFORMS_PER_REQUEST) {
          const cacheKeys = all.slice(start, start + WAVEFORMS_PER_REQUEST);
          client.invoke('generation.waveforms', { serviceUrl, cacheKeys }).then(
            (found) => {
              if (found.length === 0) return;
              const next = { ...get().waveforms };
              for (const waveform of found) next[waveform.cacheKey] = loadedWaveform(waveform);
              set({ waveforms: next });
            },
            // Not drawn this time; asked again when the window is opened anew.
            () => undefined,
          );
        }
      }
    };

    return {
      waveforms: {},
      request: (serviceUrl, cacheKeys) => {
        for (const key of cacheKeys) {
          const slot = `${serviceUrl}\n${key}`;
          if (asked.has(slot)) continue;
          asked.add(slot);
          const keys = queue.get(serviceUrl) ?? new Set<string>();
          keys.add(key);
          queue.set(serviceUrl, keys);
        }
        if (queue.size === 0 || scheduled) return;
        scheduled = true;
        queueMicrotask(flush);
      },
    };
  });

export const selectWaveforms = (state: WaveformState): Readonly<Record<string, LoadedWaveform>> =>
  state.waveforms;
