import type { AudioFormat } from '../../../../common/export/export-options.js';
import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';
import { Mp3Encoder } from './mp3-encoder.js';
import { WavEncoder } from './wav-encoder.js';

/** The encoder for an output format. `knownFrames` lets WAV write its final header up front. */
export async function createEncoder(
  format: AudioFormat,
  sink: ByteSink,
  sampleRate: number,
  channels: 1 | 2,
  knownFrames?: number,
): Promise<AudioEncoder> {
  if (format.format === 'wav')
    return new WavEncoder(sink, sampleRate, channels, format.bitDepth, knownFrames);
  return Mp3Encoder.create(sink, sampleRate, channels, format.bitrateKbps);
}

export function fileExtension(format: AudioFormat): string {
  return format.format === 'wav' ? 'wav' : 'mp3';
}
