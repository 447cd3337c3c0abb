/**
 * Mono PCM as Float32Array samples in -1..1 at one working rate. Everything is rendered at eSpeak NG's native
 * rate and resampled to the wire's 24 kHz only when encoding, so sentence times stay exact in seconds.
 */
export const WORK_SAMPLE_RATE = 22_050;

export function silence(seconds: number): Float32Array {
  return new Float32Array(Math.max(0, Math.round(seconds * WORK_SAMPLE_RATE)));
}

export function concat(parts: readonly Float32Array[]): Float32Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Float32Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function durationS(samples: Float32Array): number {
  return samples.length / WORK_SAMPLE_RATE;
}

export function int16BufferToFloat(buffer: Buffer): Float32Array {
  const count = Math.floor(buffer.length / 2);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += 1) out[i] = buffer.readInt16LE(i * 2) / 32768;
  return out;
}

export function floatToInt16Buffer(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) {
    const clamped = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out.writeInt16LE(Math.round(clamped * 32767), i * 2);
  }
  return out;
}

/** Linear resampling: good enough for a test service, and exact in duration. */
export function resampleLinear(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return samples;
  const outLength = Math.round((samples.length * toRate) / fromRate);
  const out = new Float32Array(outLength);
  const step = fromRate / toRate;
  for (let i = 0; i < outLength; i += 1) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = samples[index] ?? 0;
    const b = samples[index + 1] ?? a;
    out[i] = a + (b - a) * fraction;
  }
  return out;
}

/**
 * Cuts leading and trailing near-silence (below `threshold` amplitude) so a sentence's first sample is its real
 * onset: the recorded sentence start times then mark where speech begins, not where the engine's padding does.
 */
export function trimSilence(samples: Float32Array, threshold = 0.01): Float32Array {
  let start = 0;
  while (start < samples.length && Math.abs(samples[start] ?? 0) < threshold) start += 1;
  let end = samples.length;
  while (end > start && Math.abs(samples[end - 1] ?? 0) < threshold) end -= 1;
  return samples.subarray(start, end);
}

/** Adds `source × gain` into `target` from `offset`, clipping nothing (callers keep levels in range). */
export function mixInto(target: Float32Array, source: Float32Array, gain: number, offset = 0): void {
  const end = Math.min(target.length, offset + source.length);
  for (let i = offset; i < end; i += 1) target[i] = (target[i] ?? 0) + (source[i - offset] ?? 0) * gain;
}
