import { WORK_SAMPLE_RATE } from './pcm.js';

/**
 * Real non-speech audio for `sfx`, `music` and scene ambience: deterministic for a given seed, so a test can
 * compare two renders. No samples, no network: everything is synthesised from noise and oscillators.
 */

/** mulberry32: small, fast, good enough for audio; the same seed gives the same sound. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from text, used when a block leaves `seed` unset (-1) but the description should still matter. */
export function seedFromText(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

/** Noise bursts with decaying envelopes and moving filters: impacts, whooshes, crackles. */
export function renderSoundEffect(lengthS: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(Math.round(lengthS * WORK_SAMPLE_RATE));
  let position = 0;
  while (position < out.length) {
    const burstLength = Math.round((0.08 + random() * 0.6) * WORK_SAMPLE_RATE);
    const decay = 3 + random() * 12;
    const smoothing = 0.05 + random() * 0.9;
    const gain = 0.25 + random() * 0.45;
    let filtered = 0;
    for (let i = 0; i < burstLength && position + i < out.length; i += 1) {
      filtered += smoothing * (random() * 2 - 1 - filtered);
      const envelope = Math.exp((-decay * i) / WORK_SAMPLE_RATE);
      out[position + i] = filtered * envelope * gain;
    }
    position += burstLength + Math.round(random() * 0.4 * WORK_SAMPLE_RATE);
  }
  return out;
}

const MAJOR_PROGRESSION = [
  [0, 4, 7],
  [7, 11, 14],
  [9, 12, 16],
  [5, 9, 12],
] as const;

/** A chord progression (I–V–vi–IV) with a bass line in a key and tempo chosen by the seed. */
export function renderMusic(lengthS: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const rootHz = 196 * 2 ** (Math.floor(random() * 12) / 12);
  const chordS = 1.5 + random();
  const out = new Float32Array(Math.round(lengthS * WORK_SAMPLE_RATE));
  const chordSamples = Math.round(chordS * WORK_SAMPLE_RATE);
  for (let start = 0, chordIndex = 0; start < out.length; start += chordSamples, chordIndex += 1) {
    const chord = MAJOR_PROGRESSION[chordIndex % MAJOR_PROGRESSION.length] ?? MAJOR_PROGRESSION[0];
    const frequencies = [
      ...chord.map((semitones) => rootHz * 2 ** (semitones / 12)),
      (rootHz / 2) * 2 ** (chord[0] / 12),
    ];
    for (let i = 0; i < chordSamples && start + i < out.length; i += 1) {
      const t = i / WORK_SAMPLE_RATE;
      const envelope = Math.min(1, t / 0.02) * Math.exp(-1.2 * t);
      let value = 0;
      for (const frequency of frequencies) value += Math.sin(2 * Math.PI * frequency * t);
      out[start + i] = (value / frequencies.length) * 0.5 * envelope;
    }
  }
  return out;
}

/** Quiet filtered noise: the room tone under a scene. */
export function renderAmbience(lengthSamples: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(lengthSamples);
  let filtered = 0;
  for (let i = 0; i < out.length; i += 1) {
    filtered += 0.02 * (random() * 2 - 1 - filtered);
    out[i] = filtered * 0.6;
  }
  return out;
}
