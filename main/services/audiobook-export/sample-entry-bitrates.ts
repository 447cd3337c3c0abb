/**
 * Sets the average and peak bit rates of an mp4a sample description (inside an stsd's content, in place): in
 * its esds' DecoderConfigDescriptor and its btrt box. mediabunny measured them on the one packet of its
 * template; the real ones are the whole book's (SampleLog.bitrates). A box not laid out as expected is left.
 */
export function setSampleEntryBitrates(stsd: Uint8Array, bitrates: { average: number; peak: number }): void {
  const btrt = indexOfType(stsd, 'btrt');
  if (btrt >= 0 && btrt + 20 <= stsd.length) {
    // btrt: its header, then bufferSizeDB, maxBitrate, avgBitrate.
    const view = new DataView(stsd.buffer, stsd.byteOffset, stsd.byteLength);
    view.setUint32(btrt + 12, bitrates.peak);
    view.setUint32(btrt + 16, bitrates.average);
  }
  setEsdsBitrates(stsd, bitrates);
}

function setEsdsBitrates(stsd: Uint8Array, bitrates: { average: number; peak: number }): void {
  const esds = indexOfType(stsd, 'esds');
  if (esds < 0) return;
  // esds: its header and version/flags, then the ES_Descriptor (tag 3): ES_ID, its flags, then the
  // DecoderConfigDescriptor (tag 4).
  let at = esds + 8 + 4;
  if (stsd[at] !== 0x03) return;
  at = skipLength(stsd, at + 1);
  const flags = stsd[at + 2]!;
  if (flags !== 0) return;
  at += 3;
  if (stsd[at] !== 0x04) return;
  at = skipLength(stsd, at + 1);
  // objectTypeIndication, streamType, bufferSizeDB (3 bytes), maxBitrate, avgBitrate.
  const view = new DataView(stsd.buffer, stsd.byteOffset, stsd.byteLength);
  if (at + 13 > stsd.length) return;
  view.setUint32(at + 5, bitrates.peak);
  view.setUint32(at + 9, bitrates.average);
}

/** Where a box of `type` starts its content's header (its four-letter type), or -1. */
function indexOfType(bytes: Uint8Array, type: string): number {
  const codes = Array.from(type, (char) => char.charCodeAt(0));
  for (let index = 4; index + 4 <= bytes.length; index += 1) {
    if (codes.every((code, offset) => bytes[index + offset] === code)) return index - 4;
  }
  return -1;
}

/** Past an MPEG-4 descriptor's length (7 bits a byte, the high bit saying another follows). */
function skipLength(bytes: Uint8Array, at: number): number {
  let index = at;
  while (index < bytes.length && (bytes[index]! & 0x80) !== 0) index += 1;
  return index + 1;
}
