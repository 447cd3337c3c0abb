import type { SilenceSpan } from '../subtitles/subtitle-types.js';

export interface SilenceDetectorOptions {
  /** A 10 ms window whose RMS is below this level (dBFS) counts as silent. */
  readonly thresholdDb: number;
  /** Silent stretches shorter than this are ignored (stop consonants, not pauses). */
  readonly minSilenceMs: number;
}

const defaultSilenceDetectorOptions: SilenceDetectorOptions = {
  // Speech synthesisers write near-digital silence between phrases; −45 dBFS also passes mild codec noise.
  thresholdDb: -45,
  // espeak-ng pauses about 150 ms at a comma and 350 ms at a full stop; closures inside words are shorter.
  minSilenceMs: 100,
};

const WINDOW_MS = 10;

/**
 * Finds the pauses in a source's audio as it is decoded, chunk by chunk, for subtitle timing.
 * The level is measured over 10 ms windows (all channels together); spans are in milliseconds
 * from the start of the audio, and a silence running to the end is closed by finish(). Silences
 * inside the audio count from minSilenceMs; the lead-in and the tail count from one window.
 */
export class SilenceDetector {
  private readonly windowFrames: number;
  private readonly thresholdSquare: number;
  private windowFill = 0;
  private windowEnergy = 0;
  private windowIndex = 0;
  private silentSince: number | undefined;
  private readonly spans: SilenceSpan[] = [];

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
    private readonly options: SilenceDetectorOptions = defaultSilenceDetectorOptions,
  ) {
    this.windowFrames = Math.max(1, Math.round((sampleRate * WINDOW_MS) / 1000));
    this.thresholdSquare = 10 ** (options.thresholdDb / 10);
  }

  /** Adds `frames` frames of planar audio. */
  add(planar: readonly Float32Array[], frames: number): void {
    let frame = 0;
    while (frame < frames) {
      const take = Math.min(frames - frame, this.windowFrames - this.windowFill);
      for (let channel = 0; channel < this.channels; channel += 1) {
        const samples = planar[channel];
        if (!samples) continue;
        let energy = 0;
        for (let index = frame; index < frame + take; index += 1) energy += samples[index]! * samples[index]!;
        this.windowEnergy += energy;
      }
      this.windowFill += take;
      frame += take;
      if (this.windowFill === this.windowFrames) this.closeWindow();
    }
  }

  private closeWindow(): void {
    const meanSquare = this.windowEnergy / (this.windowFrames * this.channels);
    const startFrame = this.windowIndex * this.windowFrames;
    if (meanSquare < this.thresholdSquare) {
      this.silentSince ??= startFrame;
    } else {
      this.closeSpan(startFrame);
    }
    this.windowIndex += 1;
    this.windowFill = 0;
    this.windowEnergy = 0;
  }

  private closeSpan(endFrame: number, atEnd = false): void {
    if (this.silentSince === undefined) return;
    const startMs = (this.silentSince * 1000) / this.sampleRate;
    const endMs = (endFrame * 1000) / this.sampleRate;
    // Lead-in and tail count however short: they say where the speech starts and ends, which cue times need.
    const atEdge = this.silentSince === 0 || atEnd;
    if (atEdge || endMs - startMs >= this.options.minSilenceMs) this.spans.push({ startMs, endMs });
    this.silentSince = undefined;
  }

  /** Ends the audio: a partial last window counts, and a silence still open runs to the end. */
  finish(): SilenceSpan[] {
    const endFrame = this.windowIndex * this.windowFrames + this.windowFill;
    if (this.windowFill > 0) {
      const meanSquare = this.windowEnergy / (this.windowFill * this.channels);
      if (meanSquare < this.thresholdSquare) this.silentSince ??= this.windowIndex * this.windowFrames;
      else this.closeSpan(this.windowIndex * this.windowFrames);
    }
    this.closeSpan(endFrame, true);
    return [...this.spans];
  }
}
