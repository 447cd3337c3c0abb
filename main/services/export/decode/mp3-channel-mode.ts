/**
 * The number of channels an MP3 file really has, from the channel-mode bits of its first frame header.
 * mpg123's WebAssembly build always returns two channels, duplicating mono; knowing the file is mono
 * halves the work of everything downstream (resampling, caching, mixing).
 * Returns undefined when no frame header is found in the given bytes.
 */
export function mp3ChannelCount(bytes: Uint8Array): 1 | 2 | undefined {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    const hasFooter = ((bytes[5] ?? 0) & 0x10) !== 0;
    offset = 10 + size + (hasFooter ? 10 : 0);
  }
  for (; offset + 4 <= bytes.length; offset += 1) {
    if (isFrameHeader(bytes, offset)) return (bytes[offset + 3] ?? 0) >> 6 === 0b11 ? 1 : 2;
  }
  return undefined;
}

function isFrameHeader(bytes: Uint8Array, offset: number): boolean {
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0 && bitrateIndex !== 0b1111 && rateIndex !== 0b11;
}
