import {
  roomToneClipProblem,
  roomToneLoop,
  type RoomToneLoop,
} from '../../../../common/export/room-tone-clip.js';
import type { RoomToneSettings } from '../../../../common/export/room-tone.js';
import { asUserFileError, readUserFile } from '../../storage/user-file.js';
import { describeHead, SNIFF_BYTES, sniffAudioFormat } from '../decode/audio-format-sniffer.js';
import { DecoderSet } from '../decode/source-decoder.js';
import type { DecodedAudio } from '../decode/decoded-audio.js';
import { StreamingResampler } from '../resample/streaming-resampler.js';
import type { OutputProcessing } from './output-render.js';

/** Room tone is a few seconds of a quiet room; a long take is cut here, which keeps its memory small (~23 MB). */
const MAX_CLIP_SECONDS = 120;
/** 120 s of 24-bit stereo WAV at 96 kHz, with room for a header: larger files are refused before decoding. */
const MAX_CLIP_BYTES = 72 * 1024 * 1024;
const PIECE_BYTES = 256 * 1024;

/**
 * The user's room-tone clip, ready to loop at the export's rate: read with the shared user-file reader (a FIFO, a
 * device or a folder behind the name is refused, named), decoded by the export's decoders (the format from its
 * first bytes), mixed down to mono, resampled, and checked (length, digital silence, level against the noise
 * floor). Every refusal is a sentence naming the file and the rule.
 */
async function loadRoomToneLoop(
  clip: NonNullable<RoomToneSettings['clip']>,
  sampleRate: number,
): Promise<RoomToneLoop> {
  let bytes: Buffer;
  try {
    bytes = await readUserFile(clip.path, { maxBytes: MAX_CLIP_BYTES, what: 'a room-tone clip' });
  } catch (error) {
    throw new Error(`Room-tone clip: ${asUserFileError(error, clip.path, 'read').message}`, { cause: error });
  }
  const mono = await decodeToMono(clip.path, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  const samples = resampled(mono.samples, mono.sampleRate, sampleRate);
  const problem = roomToneClipProblem(samples, sampleRate, clip.maxRmsDb, clip.path);
  if (problem !== null) throw new Error(problem);
  return roomToneLoop(samples, sampleRate);
}

/** The room tone an output carries: the user's clip looped when there is one, else the generated bed. */
export async function roomToneProcessing(
  roomTone: RoomToneSettings | undefined,
  sampleRate: number,
): Promise<Pick<OutputProcessing, 'roomTone' | 'roomToneLoop'>> {
  if (!roomTone) return {};
  if (!roomTone.clip) return { roomTone };
  return { roomTone, roomToneLoop: await loadRoomToneLoop(roomTone.clip, sampleRate) };
}

async function decodeToMono(
  filePath: string,
  bytes: Uint8Array,
): Promise<{ samples: Float32Array; sampleRate: number }> {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const format = sniffAudioFormat(head);
  if (format !== 'wav' && format !== 'mp3' && format !== 'flac') {
    const seen = describeHead(head) || 'none, the file is empty';
    throw new Error(
      `Room-tone clip “${filePath}” is not a WAV, MP3 or FLAC file (first bytes: ${seen}): choose a recording in one of those`,
    );
  }
  const decoders = new DecoderSet();
  try {
    const decoder = await decoders.acquire(format);
    const pieces: (DecodedAudio | undefined)[] = [];
    // In the pieces the export's own decoding uses: the WebAssembly decoders take a bounded input at a time.
    for (let from = 0; from < bytes.length; from += PIECE_BYTES) {
      pieces.push(await decoder.push(bytes.subarray(from, from + PIECE_BYTES)));
    }
    pieces.push(await decoder.finish());
    const runs = pieces.filter((run): run is DecodedAudio => run !== undefined && run.samplesDecoded > 0);
    const sampleRate = runs[0]?.sampleRate ?? 44_100;
    const limit = MAX_CLIP_SECONDS * sampleRate;
    const total = Math.min(
      limit,
      runs.reduce((sum, run) => sum + run.samplesDecoded, 0),
    );
    const samples = new Float32Array(total);
    let at = 0;
    for (const run of runs) {
      const frames = Math.min(run.samplesDecoded, total - at);
      const share = 1 / run.channelData.length;
      for (const channel of run.channelData) {
        for (let index = 0; index < frames; index += 1) {
          samples[at + index] = samples[at + index]! + channel[index]! * share;
        }
      }
      at += frames;
    }
    return { samples, sampleRate };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Room-tone clip “${filePath}” could not be decoded: ${message}`, { cause: error });
  } finally {
    decoders.dispose();
  }
}

function resampled(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return samples;
  const resampler = new StreamingResampler(fromRate, toRate, 1);
  // The resampler reuses its output arrays: copy each piece out before the next call.
  const first = Float32Array.from(resampler.process([samples], samples.length)[0]!);
  const rest = resampler.flush()[0]!;
  const out = new Float32Array(first.length + rest.length);
  out.set(first);
  out.set(rest, first.length);
  return out;
}
