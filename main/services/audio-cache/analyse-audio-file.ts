import type { AudioAnalysis } from '../../../common/audio/audio-analysis.js';
import { AudioAnalyser } from '../../../common/audio/audio-analysis.js';
import { DecoderSet, decodeFile } from '../export/decode/source-decoder.js';

/**
 * Decodes a file (WAV, MP3, Ogg Opus, FLAC) once and measures it: its playing time (container headers and MP3
 * frame counts can disagree with what actually plays, and the timeline and subtitles are built on this number),
 * its waveform envelope, loudness and clipping.
 */
export async function analyseAudioFile(
  filePath: string,
  decoders = new DecoderSet(),
): Promise<AudioAnalysis> {
  const analyser = new AudioAnalyser();
  for await (const run of decodeFile(filePath, decoders)) {
    analyser.add(run.channelData, run.samplesDecoded, run.sampleRate);
  }
  return analyser.finish();
}
