import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness-meter.js';

function sine(rate: number, seconds: number, frequency: number, peakDb: number): Float32Array {
  const amplitude = 10 ** (peakDb / 20);
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

function measure(channels: Float32Array[], rate: number, chunk = 4096) {
  const meter = new LoudnessMeter(rate, channels.length);
  const frames = channels[0]!.length;
  for (let from = 0; from < frames; from += chunk) {
    const count = Math.min(chunk, frames - from);
    meter.add(
      channels.map((channel) => channel.subarray(from, from + count)),
      count,
    );
  }
  return meter.result();
}

describe('LoudnessMeter', () => {
  it('reads a stereo 1 kHz sine at −23 dBFS as −23 LUFS (EBU Tech 3341, case 1)', () => {
    for (const rate of [44100, 48000]) {
      const tone = sine(rate, 20, 1000, -23);
      expect(measure([tone, tone], rate).integratedLufs).toBeCloseTo(-23, 1);
    }
  });

  it('reads a mono sine 3 dB below the same sine in stereo', () => {
    const tone = sine(48000, 10, 1000, -20);
    expect(measure([tone], 48000).integratedLufs).toBeCloseTo(-23.01, 1);
  });

  it('gates out silence and passages 10 LU below the rest (EBU Tech 3341, cases 3–5 style)', () => {
    const rate = 48000;
    const loud = sine(rate, 10, 1000, -20);
    const quiet = sine(rate, 10, 1000, -40);
    const joined = new Float32Array(loud.length * 3);
    joined.set(loud, 0);
    joined.set(quiet, loud.length);
    // The last third stays silent.
    const result = measure([joined, joined], rate);
    // EBU's tolerance is ±0.1 LU; the few blocks straddling the step from −20 to −40 pass the gate.
    expect(Math.abs(result.integratedLufs + 20)).toBeLessThan(0.1);
  });

  it('gives the same result whatever the chunk size', () => {
    const tone = sine(44100, 5, 440, -12);
    const a = measure([tone], 44100, 441);
    const b = measure([tone], 44100, 100_000);
    expect(a.integratedLufs).toBeCloseTo(b.integratedLufs, 9);
  });

  it('reports sample peak and RMS (a sine reads 3 dB below its peak)', () => {
    const tone = sine(48000, 2, 1000, -6);
    const result = measure([tone, tone], 48000);
    expect(result.samplePeakDb).toBeCloseTo(-6, 2);
    expect(result.rmsDb).toBeCloseTo(-9.01, 2);
  });

  it('reads silence as −Infinity', () => {
    const result = measure([new Float32Array(48000 * 2)], 48000);
    expect(result.integratedLufs).toBe(Number.NEGATIVE_INFINITY);
  });

  it('measures a stream split in two, the second half primed with the audio before it, as one meter does', () => {
    const rate = 44100;
    // Loud, then quiet, then loud again: the gates see blocks on both sides of the split.
    const loud = sine(rate, 4, 1000, -20);
    const quiet = sine(rate, 4, 300, -45);
    const stream = new Float32Array(loud.length * 3);
    stream.set(loud, 0);
    stream.set(quiet, loud.length);
    stream.set(loud, loud.length * 2);
    const whole = measure([stream, stream], rate);

    const first = new LoudnessMeter(rate, 2);
    const second = new LoudnessMeter(rate, 2);
    const split = first.hopFrames * 53; // 5.3 s: inside the quiet part
    const before = stream.subarray(0, split);
    const after = stream.subarray(split);
    first.add([before, before], split);
    const primer = stream.subarray(split - rate / 2, split);
    second.prime([primer, primer], primer.length);
    second.add([after, after], after.length);
    const joined = new LoudnessMeter(rate, 2);
    joined.append(first.snapshot());
    joined.append(second.snapshot());
    const result = joined.result();
    expect(result.frames).toBe(whole.frames);
    expect(result.integratedLufs).toBeCloseTo(whole.integratedLufs, 6);
    expect(result.samplePeakDb).toBeCloseTo(whole.samplePeakDb, 9);
    expect(result.rmsDb).toBeCloseTo(whole.rmsDb, 9);
  });

  it('refuses to append to a measurement that stops inside a hop', () => {
    const meter = new LoudnessMeter(48000, 1);
    const tone = sine(48000, 1, 1000, -20);
    meter.add([tone], 1000);
    expect(() => meter.append(new LoudnessMeter(48000, 1).snapshot())).toThrow(/hop boundary/);
  });
});
