import { describe, expect, it } from 'vitest';
import type { ByteSink } from './byte-sink.js';
import { encodeWav } from '../../../../common/audio/wav-encoder.js';
import { UNKNOWN_WAV_SIZE, WavEncoder } from './wav-encoder.js';

class MemorySink implements ByteSink {
  bytes = new Uint8Array(0);
  write(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.bytes.length + chunk.length);
    joined.set(this.bytes);
    joined.set(chunk, this.bytes.length);
    this.bytes = joined;
  }
  writeAt(chunk: Uint8Array, position: number): void {
    this.bytes.set(chunk, position);
  }
}

const text = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

describe('WavEncoder', () => {
  it('is the same writer as the recorder’s: identical bytes for the same mono 16-bit samples', () => {
    const samples = Float32Array.from([0, 0.25, -0.25, 1, -1, 1.5, Number.NaN, 0.1234]);
    const sink = new MemorySink();
    const encoder = new WavEncoder(sink, 48_000, 1, 16);
    encoder.write([samples], samples.length);
    encoder.finish();
    expect([...sink.bytes]).toEqual([...encodeWav(samples, 48_000)]);
    // NaN (a broken decoder) is silence, not a full-scale click.
    expect(new DataView(sink.bytes.buffer).getInt16(44 + 6 * 2, true)).toBe(0);
  });

  it('writes a 16-bit PCM header and patches the sizes at the end', () => {
    const sink = new MemorySink();
    const encoder = new WavEncoder(sink, 44100, 2, 16);
    encoder.write([Float32Array.from([0, 0.5, -1]), Float32Array.from([1, -0.5, 2])], 3);
    encoder.finish();
    const view = new DataView(sink.bytes.buffer);
    expect(text(sink.bytes, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(sink.bytes.length - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(44100);
    expect(view.getUint32(28, true)).toBe(44100 * 4);
    expect(text(sink.bytes, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(12);
    const samples = new Int16Array(sink.bytes.buffer.slice(44));
    // Interleaved, scaled by 32768, rounded, and clipped at both ends.
    expect([...samples]).toEqual([0, 32767, 16384, -16384, -32768, 32767]);
  });

  it('writes 24-bit samples with a WAVE_FORMAT_EXTENSIBLE header and pads an odd data size', () => {
    const sink = new MemorySink();
    const encoder = new WavEncoder(sink, 48000, 1, 24);
    encoder.write([Float32Array.from([0.5])], 1);
    encoder.finish();
    const view = new DataView(sink.bytes.buffer);
    expect(view.getUint16(20, true)).toBe(0xfffe);
    expect(view.getUint16(34, true)).toBe(24);
    expect(view.getUint16(44, true)).toBe(1);
    expect(text(sink.bytes, 60, 4)).toBe('data');
    expect(view.getUint32(64, true)).toBe(3);
    expect([...sink.bytes.subarray(68, 71)]).toEqual([0x00, 0x00, 0x40]);
    expect(sink.bytes.length).toBe(72);
    expect(view.getUint32(4, true)).toBe(64);
  });

  it('writes the final header first when the length is known, and checks it', () => {
    const sink = new MemorySink();
    const encoder = new WavEncoder(sink, 8000, 1, 16, 2);
    expect(new DataView(sink.bytes.buffer).getUint32(40, true)).toBe(4);
    encoder.write([Float32Array.from([0.1, 0.2])], 2);
    encoder.finish();
    const short = new WavEncoder(new MemorySink(), 8000, 1, 16, 3);
    short.write([Float32Array.from([0.1])], 1);
    expect(() => short.finish()).toThrow(/2 data bytes written, 6 announced/);
  });

  it('lets the app’s staging WAV pass 4 GiB (a 7-hour stereo book), its sizes "unknown"; a user’s WAV is refused', () => {
    // 7 h of 44.1 kHz stereo 16-bit is 4.4 GB: counted as written elsewhere, so no bytes are made.
    const frames = 7 * 3600 * 44_100;
    const user = new WavEncoder(new MemorySink(), 44_100, 2, 16);
    expect(() => user.addWrittenElsewhere(frames)).toThrow(/WAV output: longer than the 4 GiB/);
    const sink = new MemorySink();
    const staging = new WavEncoder(sink, 44_100, 2, 16, undefined, 'staging');
    expect(staging.addWrittenElsewhere(frames)).toBe(frames * 4);
    staging.finish();
    const view = new DataView(sink.bytes.buffer);
    expect(text(sink.bytes, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(UNKNOWN_WAV_SIZE);
    expect(text(sink.bytes, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(UNKNOWN_WAV_SIZE);
    // Under 4 GiB a staging WAV is an ordinary one.
    const short = new MemorySink();
    const small = new WavEncoder(short, 44_100, 2, 16, undefined, 'staging');
    small.addWrittenElsewhere(1000);
    small.finish();
    expect(new DataView(short.bytes.buffer).getUint32(40, true)).toBe(4000);
  });
});
