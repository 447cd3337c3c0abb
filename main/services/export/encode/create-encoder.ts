import type { AudioFormat } from '../../../../common/export/export-options.js';
import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';
import { Mp3Encoder } from './mp3-encoder.js';
import { WavEncoder, type WavSizeRule } from './wav-encoder.js';

/**
 * The encoder for an output format. `knownFrames` (a zip entry, whose bytes cannot be rewritten) lets WAV write
 * its final header up front and makes MP3 hold its frames until its Info frame is known; otherwise `startOffset`
 * is where the stream starts in the sink (after an ID3 tag), for headers patched at the end.
 */
export async function createEncoder(
  format: AudioFormat,
  sink: ByteSink,
  sampleRate: number,
  channels: 1 | 2,
  placement: { knownFrames: number } | { startOffset: number; wavSizeRule?: WavSizeRule },
): Promise<AudioEncoder> {
  const knownFrames = 'knownFrames' in placement ? placement.knownFrames : undefined;
  const sizeRule = 'wavSizeRule' in placement ? placement.wavSizeRule : undefined;
  if (format.format === 'wav')
    return new WavEncoder(sink, sampleRate, channels, format.bitDepth, knownFrames, sizeRule);
  if (format.format !== 'mp3') {
    // AAC is encoded from the rendered mix (../../audiobook-export/), never streamed through the engine.
    throw new Error(
      `audio.format: ${format.format.toUpperCase()} is written for a whole mix or one file per chapter; one file per block is WAV or MP3`,
    );
  }
  const startOffset = 'startOffset' in placement ? placement.startOffset : undefined;
  return Mp3Encoder.create(sink, sampleRate, channels, format.bitrateKbps, startOffset);
}

export function fileExtension(format: AudioFormat): string {
  return format.format;
}
