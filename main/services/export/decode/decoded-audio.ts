/** A run of decoded samples: one Float32Array per channel, all at `sampleRate`. */
export interface DecodedAudio {
  readonly channelData: readonly Float32Array[];
  readonly samplesDecoded: number;
  readonly sampleRate: number;
  /** Which speaker each channel is for (ffmpeg's AV_CH_* bits, WAV's channel mask), when the file says. */
  readonly channelLayout?: number;
}

/**
 * A decoder fed a file piece by piece: push() takes the next bytes and returns the samples they
 * completed; finish() returns what is left. Pieces may cut frames anywhere. reset() readies it for
 * the next file (cheaper than a new WebAssembly decoder); dispose() frees it.
 */
export interface StreamingDecoder {
  push(bytes: Uint8Array): Promise<DecodedAudio | undefined>;
  finish(): Promise<DecodedAudio | undefined>;
  reset(): Promise<void>;
  dispose(): void;
}
