import { DecoderSet, decodeFile } from '../export/decode/source-decoder.js';

/**
 * The playing time of an audio file, measured by decoding it (WAV, MP3, Ogg Opus, FLAC): container headers and
 * MP3 frame counts can disagree with what actually plays, and the timeline and subtitles are built on this number.
 */
export async function measureAudioDurationMs(filePath: string, decoders = new DecoderSet()): Promise<number> {
  let seconds = 0;
  for await (const run of decodeFile(filePath, decoders)) {
    if (run.sampleRate > 0) seconds += run.samplesDecoded / run.sampleRate;
  }
  return Math.round(seconds * 1000);
}
