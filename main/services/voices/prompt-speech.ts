import { createSpeechCounter, mixToMono } from '../../../common/audio/index.js';
import { DecoderSet, decodeFile } from '../export/decode/source-decoder.js';

/**
 * Seconds of voiced speech in a reference recording, measured by decoding it (WAV, MP3, FLAC, Ogg Opus) and
 * running the same detector the recorder and the import preview use, so main enforces the contract's
 * "at least 3 seconds of speech" for every caller. Undefined when the format cannot be decoded here (e.g.
 * WebM): the caller's own measurement is then the only one there is.
 */
export async function measurePromptSpeechSeconds(filePath: string): Promise<number | undefined> {
  const decoders = new DecoderSet();
  try {
    let counter: ReturnType<typeof createSpeechCounter> | undefined;
    for await (const run of decodeFile(filePath, decoders)) {
      if (run.sampleRate <= 0 || run.channelData.length === 0) continue;
      counter ??= createSpeechCounter(run.sampleRate);
      counter.push(mixToMono(run.channelData.map((channel) => channel.subarray(0, run.samplesDecoded))));
    }
    return counter?.speechSeconds ?? 0;
  } catch {
    return undefined;
  } finally {
    decoders.dispose();
  }
}
