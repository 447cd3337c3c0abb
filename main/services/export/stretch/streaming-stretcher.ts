import type { SampleBuffer, Stretch } from '@soundtouchjs/core';

type StretchClass = typeof Stretch;
/** SoundTouch, imported by the first stretch: most exports stretch nothing, and each worker would compile it. */
let stretchClass: Promise<StretchClass> | undefined;

/**
 * A take sped up by a tempo factor, keeping its pitch: SoundTouch's WSOLA (@soundtouchjs/core, MPL-2.0), which
 * cuts speech at its best-matching periods and crossfades them, so voices keep their pitch and formants. It is
 * fed and drained in pieces, so memory stays a few buffers whatever the take's length, and gives exactly
 * round(inputFrames / factor) frames: the stretched length the timeline and the subtitles were told.
 *
 * SoundTouch works on interleaved stereo; a mono take is fed as two equal channels and read back from one.
 */
export class StreamingStretcher {
  /** The frames the stretched take has, exactly. */
  readonly targetFrames: number;
  private readonly stretch: Stretch;
  private readonly input: SampleBuffer;
  private readonly output: SampleBuffer;
  private readonly channels: 1 | 2;
  private written = 0;
  private stereo = new Float32Array(0);
  private drained = new Float32Array(0);

  /** A stretcher for a take of `inputFrames` frames, SoundTouch loaded first. */
  static async create(
    sampleRate: number,
    channels: 1 | 2,
    factor: number,
    inputFrames: number,
  ): Promise<StreamingStretcher> {
    if (!(factor >= 1)) throw new Error(`stretch: the tempo factor must be 1 or more (got ${factor})`);
    stretchClass ??= import('@soundtouchjs/core').then((module) => module.Stretch);
    return new StreamingStretcher(await stretchClass, sampleRate, channels, factor, inputFrames);
  }

  private constructor(
    StretchOf: StretchClass,
    sampleRate: number,
    channels: 1 | 2,
    factor: number,
    inputFrames: number,
  ) {
    this.channels = channels;
    this.targetFrames = Math.round(inputFrames / factor);
    this.stretch = new StretchOf({ createBuffers: true, sampleRate });
    this.stretch.tempo = factor;
    const { inputBuffer, outputBuffer } = this.stretch;
    // createBuffers makes both; the library types them as optional for pipes that share another's.
    if (!inputBuffer || !outputBuffer) throw new Error('stretch: the time-stretch made no sample buffers');
    this.input = inputBuffer;
    this.output = outputBuffer;
  }

  /** Feeds `frames` frames (interleaved, the take's channels) and returns the stretched frames ready so far. */
  push(samples: Float32Array, frames: number): Float32Array {
    this.input.putSamples(this.asStereo(samples, frames), 0, frames);
    this.stretch.process();
    return this.drain();
  }

  /**
   * Ends the take: pushes silence through until the last input has come out, and returns the remaining frames so
   * the whole output is exactly `targetFrames` long (silence pads it if the stretch ever came out short).
   */
  finish(): Float32Array {
    const parts: Float32Array[] = [];
    const silence = new Float32Array(FLUSH_FRAMES * this.channels);
    // The stretch holds back at most a sequence and a seek window (~0.15 s); a few flushes always suffice.
    for (let round = 0; round < MAX_FLUSHES && this.written < this.targetFrames; round += 1) {
      parts.push(this.push(silence, FLUSH_FRAMES));
    }
    const missing = this.targetFrames - this.written;
    if (missing > 0) {
      parts.push(new Float32Array(missing * this.channels));
      this.written = this.targetFrames;
    }
    return concat(parts);
  }

  private asStereo(samples: Float32Array, frames: number): Float32Array {
    if (this.channels === 2) return samples.subarray(0, frames * 2);
    if (this.stereo.length < frames * 2) this.stereo = new Float32Array(frames * 2);
    for (let index = 0; index < frames; index += 1) {
      const value = samples[index]!;
      this.stereo[2 * index] = value;
      this.stereo[2 * index + 1] = value;
    }
    return this.stereo.subarray(0, frames * 2);
  }

  /** Takes what the stretch has made, up to the target length (the flush's silence beyond it is dropped). */
  private drain(): Float32Array {
    const { output } = this;
    const ready = output.frameCount;
    const wanted = Math.min(ready, this.targetFrames - this.written);
    if (wanted <= 0) {
      output.receive(ready);
      return new Float32Array(0);
    }
    if (this.drained.length < ready * 2) this.drained = new Float32Array(ready * 2);
    output.extract(this.drained, 0, ready);
    output.receive(ready);
    this.written += wanted;
    const result = new Float32Array(wanted * this.channels);
    if (this.channels === 2) {
      result.set(this.drained.subarray(0, wanted * 2));
    } else {
      for (let index = 0; index < wanted; index += 1) result[index] = this.drained[2 * index]!;
    }
    return result;
  }
}

const FLUSH_FRAMES = 4096;
const MAX_FLUSHES = 64;

function concat(parts: readonly Float32Array[]): Float32Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
