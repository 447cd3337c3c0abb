/**
 * The Xing "Info" frame with a LAME extension that starts a constant-bit-rate MP3: frame count, byte count, a
 * seek table, and the encoder delay and end padding, so gapless-aware decoders (ffmpeg, browsers, podcast apps)
 * drop LAME's priming and padding and the file plays exactly as long as the mix. wasm-media-encoders' LAME build
 * does not expose lame_get_lametag_frame, so the frame is written here, after the layout LAME documents
 * (VbrTag.c; the "Mp3 Info Tag rev 1" specification).
 */

/** LAME's encoder delay, in samples, before the first sample of the input (its MDCT and filter bank). */
const LAME_ENCODER_DELAY = 576;

const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** What a frame header says: its length in bytes and how many samples it carries. */
export interface FrameHeader {
  mpeg1: boolean;
  mono: boolean;
  bitrateKbps: number;
  sampleRate: number;
  bytes: number;
  samples: number;
}

export function readFrameHeader(bytes: ArrayLike<number>, offset = 0): FrameHeader | undefined {
  const b0 = bytes[offset] ?? 0;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 0b11) !== 0b01) return undefined;
  const version = (b1 >> 3) & 0b11;
  const mpeg1 = version === 3;
  const bitrateKbps = (mpeg1 ? MPEG1_BITRATES : MPEG2_BITRATES)[b2 >> 4];
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0b11];
  if (!bitrateKbps || !sampleRate) return undefined;
  const padding = (b2 >> 1) & 1;
  const samples = mpeg1 ? 1152 : 576;
  return {
    mpeg1,
    mono: b3 >> 6 === 0b11,
    bitrateKbps,
    sampleRate,
    bytes: Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding,
    samples,
  };
}

/** Bytes of an unpadded frame at this rate: the size the Info frame takes. */
export function infoFrameBytes(sampleRate: number, bitrateKbps: number): number {
  const samples = sampleRate >= 32000 ? 1152 : 576;
  return Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate);
}

/**
 * The Info frame for a stream whose first audio frame header is `firstHeader`: `frames` audio frames (after this
 * one), `streamBytes` bytes in all (this frame included), `inputSamples` samples per channel of the mix, and
 * `musicCrc` the CRC-16 of the audio frames after this one (`updateCrc16` over them in order), as LAME states it.
 */
export function infoFrame(
  firstHeader: Uint8Array,
  frames: number,
  streamBytes: number,
  inputSamples: number,
  musicCrc: number,
): Uint8Array {
  const header = readFrameHeader(firstHeader);
  if (!header) throw new Error('MP3 output: no frame header to model the Info frame on');
  const frame = new Uint8Array(infoFrameBytes(header.sampleRate, header.bitrateKbps));
  const view = new DataView(frame.buffer);
  frame.set(firstHeader.subarray(0, 4));
  frame[2] = frame[2]! & ~0b10; // no padding: the frame is exactly infoFrameBytes long
  const sideInfo = header.mpeg1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  let at = 4 + sideInfo;
  frame.set([0x49, 0x6e, 0x66, 0x6f], at); // "Info": a constant-bit-rate stream
  view.setUint32(at + 4, 0x0f); // frames, bytes, seek table and quality follow
  view.setUint32(at + 8, frames);
  view.setUint32(at + 12, streamBytes);
  for (let index = 0; index < 100; index += 1) frame[at + 16 + index] = Math.floor((index * 256) / 100);
  view.setUint32(at + 116, 0); // quality: not stated
  at += 120;
  const padding = frames * header.samples - LAME_ENCODER_DELAY - inputSamples;
  if (padding < 0 || padding > 4095) {
    throw new Error(`MP3 output: ${padding} samples of padding do not fit the LAME tag (0–4095)`);
  }
  frame.set(
    [...'LAME3.100'].map((character) => character.charCodeAt(0)),
    at,
  );
  frame[at + 9] = 0x01; // tag revision 0, constant bit rate
  frame[at + 20] = Math.min(255, header.bitrateKbps);
  frame[at + 21] = LAME_ENCODER_DELAY >> 4;
  frame[at + 22] = ((LAME_ENCODER_DELAY & 0x0f) << 4) | (padding >> 8);
  frame[at + 23] = padding & 0xff;
  view.setUint32(at + 28, streamBytes); // music length
  view.setUint16(at + 32, musicCrc & 0xffff); // music CRC, covered by the tag's own CRC after it
  const tagEnd = at + 34;
  view.setUint16(tagEnd, updateCrc16(0, frame.subarray(0, tagEnd)));
  return frame;
}

/** CRC-16 (polynomial 0x8005, reflected: 0xA001) of each byte value, for a byte at a time instead of a bit. */
const CRC16_TABLE = Uint16Array.from({ length: 256 }, (_, value) => {
  let crc = value;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  return crc;
});

/**
 * CRC-16 as LAME computes both of its tag's checksums (polynomial 0x8005, reflected, initial 0; "CRC-16/ARC"),
 * carried on from `crc` over `bytes`, so a stream's frames can be added as they are written.
 */
export function updateCrc16(crc: number, bytes: Uint8Array): number {
  let value = crc & 0xffff;
  for (let index = 0; index < bytes.length; index += 1) {
    value = (value >>> 8) ^ CRC16_TABLE[(value ^ bytes[index]!) & 0xff]!;
  }
  return value;
}
