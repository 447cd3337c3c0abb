/** Container/codec of an audio file, detected from its first bytes (never from its name). */
export type SniffedFormat = 'wav' | 'mp3' | 'flac' | 'ogg-opus' | 'ogg-vorbis' | 'unknown';

/** Bytes needed to tell the formats apart: an Ogg page header plus the codec identification that follows it. */
export const SNIFF_BYTES = 64;

export function sniffAudioFormat(head: Uint8Array): SniffedFormat {
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (ascii(head, 0, 4) === 'OggS') {
    // The first page carries the codec's identification header right after the segment table.
    const segments = head[26] ?? 0;
    const body = 27 + segments;
    if (ascii(head, body, 8) === 'OpusHead') return 'ogg-opus';
    if (ascii(head, body + 1, 6) === 'vorbis') return 'ogg-vorbis';
    return 'unknown';
  }
  if (ascii(head, 0, 3) === 'ID3') return id3WrapsFlac(head) ? 'flac' : 'mp3';
  if (isMpegAudioFrameSync(head, 0)) return 'mp3';
  return 'unknown';
}

/** MPEG audio frame sync (11 set bits) with a layer that is not 00 (00 is ADTS AAC, which uses the same sync). */
function isMpegAudioFrameSync(bytes: Uint8Array, offset: number): boolean {
  const first = bytes[offset] ?? 0;
  const second = bytes[offset + 1] ?? 0;
  const layer = (second >> 1) & 0b11;
  const version = (second >> 3) & 0b11;
  return first === 0xff && (second & 0xe0) === 0xe0 && layer !== 0 && version !== 1;
}

// Some taggers put an ID3v2 tag in front of FLAC; what follows the tag decides.
function id3WrapsFlac(head: Uint8Array): boolean {
  const size = ((head[6] ?? 0) << 21) | ((head[7] ?? 0) << 14) | ((head[8] ?? 0) << 7) | (head[9] ?? 0);
  return ascii(head, 10 + size, 4) === 'fLaC';
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset + length > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** A readable description of unrecognised bytes for error messages. */
export function describeHead(head: Uint8Array): string {
  return [...head.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
}
