import { readFrameHeader } from './mp3-info-frame.js';

/**
 * The parts of an MPEG-1 Layer III frame's side information that joining two encodes of one stream depends on
 * (ISO/IEC 11172-3, 2.4.1.7): where the frame's main data begins (that many bytes back, in the main-data areas of
 * the frames before it: the bit reservoir), how long it is, and each granule's window (block type), since
 * adjacent granules overlap-add and their windows must match.
 */
export interface SideInfo {
  /** Bytes before this frame's own main-data area where its main data starts. */
  readonly mainDataBegin: number;
  /** Bits of main data (scale factors and Huffman codes) over all granules and channels. */
  readonly mainDataBits: number;
  /** Block type per granule and channel, granule-major (0 normal, 1 start, 2 short, 3 stop); mixed blocks as 4. */
  readonly blockTypes: readonly number[];
  /** Where the main-data area starts within the frame: after the header, its CRC if any, and the side info. */
  readonly mainDataOffset: number;
}

class BitReader {
  private position: number;
  constructor(
    private readonly bytes: Uint8Array,
    byteOffset: number,
  ) {
    this.position = byteOffset * 8;
  }

  read(bits: number): number {
    let value = 0;
    for (let index = 0; index < bits; index += 1) {
      const byte = this.bytes[this.position >> 3] ?? 0;
      value = (value << 1) | ((byte >> (7 - (this.position & 7))) & 1);
      this.position += 1;
    }
    return value;
  }
}

/** The side info of one whole MPEG-1 Layer III frame; throws on anything else. */
export function readSideInfo(frame: Uint8Array): SideInfo {
  const header = readFrameHeader(frame);
  if (!header?.mpeg1) throw new Error('MP3 join: expected an MPEG-1 Layer III frame');
  const channels = header.mono ? 1 : 2;
  const hasCrc = (frame[1]! & 1) === 0;
  const sideInfoAt = hasCrc ? 6 : 4;
  const reader = new BitReader(frame, sideInfoAt);
  const mainDataBegin = reader.read(9);
  reader.read(channels === 1 ? 5 : 3); // private bits
  reader.read(4 * channels); // scale factor selection
  let mainDataBits = 0;
  const blockTypes: number[] = [];
  for (let granule = 0; granule < 2; granule += 1) {
    for (let channel = 0; channel < channels; channel += 1) {
      mainDataBits += reader.read(12); // part2_3_length
      reader.read(9 + 8 + 4); // big_values, global_gain, scalefac_compress
      const windowSwitching = reader.read(1);
      if (windowSwitching) {
        const blockType = reader.read(2);
        const mixed = reader.read(1);
        blockTypes.push(mixed ? 4 : blockType);
        reader.read(2 * 5 + 3 * 3); // table_select, subblock_gain
      } else {
        blockTypes.push(0);
        reader.read(3 * 5 + 4 + 3); // table_select, region0_count, region1_count
      }
      reader.read(3); // preflag, scalefac_scale, count1table_select
    }
  }
  return {
    mainDataBegin,
    mainDataBits,
    blockTypes,
    mainDataOffset: sideInfoAt + (channels === 1 ? 17 : 32),
  };
}
