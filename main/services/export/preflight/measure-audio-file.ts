import { basename, extname } from 'node:path';
import { LoudnessMeter } from '../../../../common/export/loudness-meter.js';
import { NoiseFloorMeter } from '../../../../common/export/noise-floor-meter.js';
import type { MeasuredAudioFile } from '../../../../common/export/preflight-checks.js';
import { SilenceDetector } from '../../../../common/export/silence-detector.js';
import { DecoderSet, decodeFile } from '../decode/source-decoder.js';
import { decodeVideoSound } from '../decode/video-sound-decoder.js';
import { openUserFile } from '../../storage/user-file.js';
import { Mp3BitrateScan } from './mp3-bitrate-scan.js';

/**
 * Below this a 10 ms window is room tone, not speech: ACX's floor is −60 dB, and the quietest speech onsets sit
 * well above −45 dB. Head and tail room tone are the quiet stretches from the first and to the last sample.
 */
const ROOM_TONE_THRESHOLD_DB = -50;
const SCAN_BYTES = 256 * 1024;
/** What the shared reader checks a delivery file against: a regular file, of any size. */
const DELIVERY_FILE = { maxBytes: Number.MAX_SAFE_INTEGER, what: 'a delivery file' };

const FORMATS = {
  wav: 'wav',
  mp3: 'mp3',
  flac: 'flac',
  'ogg-opus': 'other',
  m4a: 'm4a',
  m4b: 'm4b',
} as const;
/** AAC in MP4 (M4B, M4A): decoded by ffmpeg's libav.js, as a reference video's sound is. */
const AAC_EXTENSIONS = { '.m4a': 'm4a', '.m4b': 'm4b' } as const;
/** The decoder's errors name an M4B or M4A as what it is here, never "a reference video". */
const AAC_DELIVERY_FILE = {
  ...DELIVERY_FILE,
  what: 'an M4B or M4A delivery file',
  unusable: 'it cannot be measured',
};

interface Meters {
  loudness: LoudnessMeter;
  floor: NoiseFloorMeter;
  quiet: SilenceDetector;
}

/**
 * Measures a written delivery file (WAV, MP3 or FLAC, read from its content, not its name) for the pre-flight
 * checks: length, channels, rate, MP3 bit rate and whether it is constant, RMS, peak, loudness, noise floor, head
 * and tail room tone and digital silence. One pass over the decoded audio; memory stays flat for any length.
 */
export async function measureAudioFile(filePath: string): Promise<MeasuredAudioFile> {
  // The decoders open the file by name: checked first with the shared reader (a non-blocking open, a regular file
  // on the handle), so a FIFO or a device behind a delivery file's name is named instead of waited on.
  await (await openUserFile(filePath, DELIVERY_FILE)).close();
  const decoders = new DecoderSet();
  const aac = AAC_EXTENSIONS[extname(filePath).toLowerCase() as keyof typeof AAC_EXTENSIONS];
  let format = aac as keyof typeof FORMATS | undefined;
  let meters: Meters | undefined;
  let sampleRate = 0;
  let channels = 0;
  let frames = 0;
  try {
    const chunks = aac
      ? decodeVideoSound(filePath, undefined, AAC_DELIVERY_FILE)
      : decodeFile(filePath, decoders, (found) => (format = found));
    for await (const chunk of chunks) {
      if (!meters) {
        sampleRate = chunk.sampleRate;
        channels = chunk.channelData.length;
        meters = {
          loudness: new LoudnessMeter(sampleRate, channels),
          floor: new NoiseFloorMeter(sampleRate, channels),
          quiet: new SilenceDetector(sampleRate, channels, {
            thresholdDb: ROOM_TONE_THRESHOLD_DB,
            minSilenceMs: 100,
          }),
        };
      }
      meters.loudness.add(chunk.channelData, chunk.samplesDecoded);
      meters.floor.add(chunk.channelData, chunk.samplesDecoded);
      meters.quiet.add(chunk.channelData, chunk.samplesDecoded);
      frames += chunk.samplesDecoded;
    }
  } finally {
    decoders.dispose();
  }
  if (!meters || !format) throw new Error(`${filePath}: the file holds no audio to measure`);
  const durationMs = (frames * 1000) / sampleRate;
  const level = meters.loudness.result();
  const quiet = meters.quiet.finish();
  const head = quiet[0]?.startMs === 0 ? quiet[0].endMs : 0;
  const last = quiet.at(-1);
  const tail = last && last.endMs >= durationMs - 1 ? last.endMs - last.startMs : 0;
  const bitrate =
    format === 'mp3' ? await scanMp3(filePath) : aac ? await meanBitrate(filePath, durationMs) : undefined;
  return {
    name: basename(filePath),
    format: FORMATS[format],
    durationMs,
    channels,
    sampleRate,
    ...(bitrate && { bitrateKbps: bitrate.meanKbps }),
    ...(bitrate?.constant !== undefined && { constantBitrate: bitrate.constant }),
    rmsDb: level.rmsDb,
    peakDb: level.samplePeakDb,
    integratedLufs: level.integratedLufs,
    ...meters.floor.finish(),
    headRoomToneMs: head,
    tailRoomToneMs: tail,
  };
}

async function scanMp3(filePath: string) {
  const scan = new Mp3BitrateScan();
  // The shared reader: a regular file checked on its handle, never a FIFO or a device behind a delivery's name.
  const handle = await openUserFile(filePath, DELIVERY_FILE);
  try {
    const buffer = new Uint8Array(SCAN_BYTES);
    for (let position = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, SCAN_BYTES, position);
      if (bytesRead === 0) break;
      scan.push(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return scan.finish();
}

/**
 * An AAC file's mean bit rate: its bytes over its length (the container, tags and any cover counted, which an
 * hour of speech makes a fraction of a kbps). Whether it is constant is not read from AAC, so it is never claimed.
 */
async function meanBitrate(filePath: string, durationMs: number) {
  const handle = await openUserFile(filePath, DELIVERY_FILE);
  try {
    const { size } = await handle.stat();
    return { meanKbps: durationMs > 0 ? (size * 8) / durationMs : 0, constant: undefined };
  } finally {
    await handle.close();
  }
}
