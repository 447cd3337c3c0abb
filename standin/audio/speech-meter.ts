import { streamDecodedPcm } from './ffmpeg.js';

const METER_SAMPLE_RATE = 16_000;
const FRAME_SAMPLES = 320; // 20 ms
const WINDOW_FRAMES = 15; // 0.3 s
/** Frames quieter than this are never speech (dB relative to full scale). */
const MIN_SPEECH_DBFS = -42;
/** White noise crosses zero on about half the samples; voiced speech far less often. */
const MAX_VOICED_ZERO_CROSSING_RATE = 0.25;
/** Speech rises and falls with syllables; a steady hum or tone does not. Std-dev of frame levels in a window. */
const MIN_WINDOW_MODULATION_DB = 4;
/** Unvoiced consonants and short stops between voiced frames still count as speech up to this gap. */
const BRIDGE_FRAMES = 10; // 200 ms

/**
 * Measures seconds of speech in 16 kHz mono PCM by a frame detector: a 20 ms frame is voiced when it is loud
 * enough and has a speech-like zero-crossing rate, inside a 0.3 s window whose level moves like
 * syllables; short gaps between voiced frames are bridged. File length and silence do not count.
 */
export class SpeechMeter {
  private speechFrames = 0;
  private carry = Buffer.alloc(0);
  private window: { db: number; voiced: boolean }[] = [];
  private framesSinceVoiced = Number.POSITIVE_INFINITY;

  get speechSeconds(): number {
    return (this.speechFrames * FRAME_SAMPLES) / METER_SAMPLE_RATE;
  }

  /** Feeds 16-bit little-endian mono samples; chunks may split frames and samples anywhere. */
  push(chunk: Buffer): void {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const frameBytes = FRAME_SAMPLES * 2;
    let offset = 0;
    for (; offset + frameBytes <= data.length; offset += frameBytes) this.pushFrame(data, offset);
    this.carry = Buffer.from(data.subarray(offset));
  }

  /** Counts the last partial window; call once at the end of the audio. */
  finish(): void {
    this.closeWindow();
  }

  private pushFrame(data: Buffer, offset: number): void {
    let energy = 0;
    let crossings = 0;
    let previous = data.readInt16LE(offset);
    for (let i = 0; i < FRAME_SAMPLES; i += 1) {
      const sample = data.readInt16LE(offset + i * 2);
      energy += sample * sample;
      if (sample >= 0 !== previous >= 0) crossings += 1;
      previous = sample;
    }
    const rms = Math.sqrt(energy / FRAME_SAMPLES) / 32768;
    const db = rms > 0 ? 20 * Math.log10(rms) : -120;
    const zeroCrossingRate = crossings / FRAME_SAMPLES;
    this.window.push({
      db,
      voiced: db > MIN_SPEECH_DBFS && zeroCrossingRate < MAX_VOICED_ZERO_CROSSING_RATE,
    });
    if (this.window.length === WINDOW_FRAMES) this.closeWindow();
  }

  private closeWindow(): void {
    if (this.window.length === 0) return;
    const mean = this.window.reduce((sum, frame) => sum + frame.db, 0) / this.window.length;
    const variance = this.window.reduce((sum, frame) => sum + (frame.db - mean) ** 2, 0) / this.window.length;
    const modulated = Math.sqrt(variance) >= MIN_WINDOW_MODULATION_DB;
    for (const frame of this.window) {
      if (frame.voiced && modulated) {
        // Bridge the short gap since the previous voiced frame: consonants and stops belong to the speech.
        if (this.framesSinceVoiced <= BRIDGE_FRAMES) this.speechFrames += this.framesSinceVoiced;
        this.speechFrames += 1;
        this.framesSinceVoiced = 0;
      } else {
        this.framesSinceVoiced += 1;
      }
    }
    this.window = [];
  }
}

/**
 * Decodes an audio file (any format ffmpeg reads) as a stream and measures its speech. Stops as soon as
 * `enoughS` seconds are found, so a long valid recording is not decoded to the end. Rejects when the file is
 * not decodable audio.
 */
export async function measureSpeechSeconds(
  filePath: string,
  enoughS = Number.POSITIVE_INFINITY,
): Promise<number> {
  const decoding = streamDecodedPcm(filePath, METER_SAMPLE_RATE);
  const meter = new SpeechMeter();
  let decodedBytes = 0;
  for await (const chunk of decoding.chunks) {
    decodedBytes += (chunk as Buffer).length;
    meter.push(chunk as Buffer);
    if (meter.speechSeconds >= enoughS) {
      decoding.stop();
      break;
    }
  }
  meter.finish();
  await decoding.finished;
  if (decodedBytes === 0) throw new Error('the file holds no decodable audio');
  return meter.speechSeconds;
}
