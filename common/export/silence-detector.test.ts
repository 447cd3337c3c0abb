import { describe, expect, it } from 'vitest';
import { SilenceDetector } from './silence-detector.js';

const rate = 8000;

function tone(ms: number): Float32Array {
  return Float32Array.from({ length: (rate * ms) / 1000 }, (_, i) => 0.3 * Math.sin(i * 0.3));
}

function detect(parts: Float32Array[], chunk = 333) {
  const joined = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  const detector = new SilenceDetector(rate, 1);
  for (let from = 0; from < joined.length; from += chunk) {
    const count = Math.min(chunk, joined.length - from);
    detector.add([joined.subarray(from, from + count)], count);
  }
  return detector.finish();
}

const silence = (ms: number): Float32Array => new Float32Array((rate * ms) / 1000);

describe('SilenceDetector', () => {
  it('finds pauses between sounds, to the 10 ms window', () => {
    const spans = detect([tone(500), silence(300), tone(400), silence(150), tone(200)]);
    expect(spans).toEqual([
      { startMs: 500, endMs: 800 },
      { startMs: 1200, endMs: 1350 },
    ]);
  });

  it('ignores silences shorter than the minimum and closes one running to the end', () => {
    const spans = detect([silence(200), tone(300), silence(50), tone(300), silence(255)]);
    expect(spans).toEqual([
      { startMs: 0, endMs: 200 },
      { startMs: 850, endMs: 1105 },
    ]);
  });

  it('keeps a short lead-in and tail, which place the start and end of speech', () => {
    const spans = detect([silence(30), tone(300), silence(40)]);
    expect(spans).toEqual([
      { startMs: 0, endMs: 30 },
      { startMs: 330, endMs: 370 },
    ]);
  });

  it('treats low-level noise under the threshold as silence', () => {
    const noise = Float32Array.from({ length: rate / 2 }, () => (Math.random() - 0.5) * 0.002);
    const spans = detect([tone(300), noise, tone(300)]);
    expect(spans).toEqual([{ startMs: 300, endMs: 800 }]);
  });
});
