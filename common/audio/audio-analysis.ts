/**
 * What the app keeps of a take's audio after decoding it once in main: a coarse loudness envelope for drawing
 * its waveform and finding its silences, its overall loudness and how many samples clip. Stored as small
 * numbers, so a 2,000-block project's waveforms cross IPC in a few hundred kilobytes.
 */
export interface AudioAnalysis {
  durationMs: number;
  /** Envelope windows per second (each the loudest sample of its 20 ms, on the dB scale of `envelopeLevelDb`). */
  windowsPerSecond: number;
  /** One byte per window, base64: 0 is −96 dBFS or quieter, 255 is full scale. */
  envelope: string;
  /** RMS level of the whole take in dBFS (−96 for digital silence). */
  rmsDb: number;
  /** Samples at or beyond full scale (|x| ≥ 0.999). */
  clippedSamples: number;
}

const WINDOWS_PER_SECOND = 50;
const FLOOR_DB = -96;
const CLIP_LEVEL = 0.999;

function levelToByte(peak: number): number {
  if (peak <= 0) return 0;
  const db = 20 * Math.log10(Math.min(1, peak));
  return Math.max(0, Math.min(255, Math.round(((db - FLOOR_DB) * 255) / -FLOOR_DB)));
}

/** The dBFS a stored envelope byte stands for. */
export function envelopeLevelDb(byte: number): number {
  return FLOOR_DB + (byte * -FLOOR_DB) / 255;
}

/** The envelope byte for a level in dBFS (for comparing against thresholds). */
export function envelopeByteFor(db: number): number {
  return levelToByte(10 ** (db / 20));
}

/** Builds an analysis from decoded runs of samples (any channel count, any run length), in one pass. */
export class AudioAnalyser {
  private readonly windows: number[] = [];
  private sampleRate = 0;
  private windowLength = 0;
  private inWindow = 0;
  private windowPeak = 0;
  private sumSquares = 0;
  private frames = 0;
  private clipped = 0;
  private channels = 1;

  add(channelData: readonly Float32Array[], frames: number, sampleRate: number): void {
    if (frames <= 0 || channelData.length === 0 || sampleRate <= 0) return;
    if (this.sampleRate !== sampleRate) {
      // A file keeps one rate; should it change, windows follow the new rate from here on.
      this.sampleRate = sampleRate;
      this.windowLength = Math.max(1, Math.round(sampleRate / WINDOWS_PER_SECOND));
    }
    const channels = channelData.length;
    for (let i = 0; i < frames; i += 1) {
      let framePeak = 0;
      for (let c = 0; c < channels; c += 1) {
        const value = channelData[c]![i] ?? 0;
        const magnitude = value < 0 ? -value : value;
        if (magnitude > framePeak) framePeak = magnitude;
        this.sumSquares += value * value;
        if (magnitude >= CLIP_LEVEL) this.clipped += 1;
      }
      if (framePeak > this.windowPeak) this.windowPeak = framePeak;
      this.inWindow += 1;
      if (this.inWindow === this.windowLength) this.closeWindow();
    }
    this.frames += frames;
    this.channels = channels;
  }

  finish(): AudioAnalysis {
    if (this.inWindow > 0) this.closeWindow();
    const samples = this.frames * this.channels;
    const rms = samples > 0 ? Math.sqrt(this.sumSquares / samples) : 0;
    return {
      durationMs: this.sampleRate > 0 ? Math.round((this.frames / this.sampleRate) * 1000) : 0,
      windowsPerSecond: WINDOWS_PER_SECOND,
      envelope: encodeEnvelope(Uint8Array.from(this.windows)),
      rmsDb: rms > 0 ? Math.max(FLOOR_DB, 20 * Math.log10(rms)) : FLOOR_DB,
      clippedSamples: this.clipped,
    };
  }

  private closeWindow(): void {
    this.windows.push(levelToByte(this.windowPeak));
    this.windowPeak = 0;
    this.inWindow = 0;
  }
}

function encodeEnvelope(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function decodeEnvelope(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
