// CRC-32 (IEEE 802.3, as zip uses), table-driven, updated incrementally as bytes stream past.
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Continues a CRC-32 over more bytes; start from 0. */
export function updateCrc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let index = 0; index < bytes.length; index += 1) c = TABLE[(c ^ bytes[index]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
