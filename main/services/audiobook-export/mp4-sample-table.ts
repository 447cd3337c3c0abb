import type { Mp4Box } from './mp4-box-tree.js';
import { leaf, u32 } from './mp4-box-tree.js';

/** The first capacity of the size log; it doubles as packets come (a 10-hour mono book has ~1.55 M). */
const FIRST_CAPACITY = 1 << 16;
/** mediabunny's chunk length: a chunk is closed once it holds half a second. */
const CHUNK_SECONDS = 0.5;

/**
 * What the sample table needs of a track written as one run of packets: each packet's size (a growing
 * Uint32Array, 4 bytes a packet, instead of a JS object per packet as a muxer keeps), the durations run-length
 * coded (AAC's are all 1,024 frames, so one run), and the largest number of bytes in one second, for the esds.
 */
export class SampleLog {
  private sizes = new Uint32Array(FIRST_CAPACITY);
  private length = 0;
  /** stts' entries as they come: count, duration, count, duration… */
  private readonly runs: number[] = [];
  private totalBytes = 0;
  private totalDuration = 0;
  /** The packets of the last second (decode times and sizes, from `windowStart` on), for the peak bit rate. */
  private windowTimes: number[] = [];
  private windowSizes: number[] = [];
  private windowStart = 0;
  private windowBytes = 0;
  private peakWindowBytes = 0;

  constructor(readonly timescale: number) {}

  /** One packet: its size in bytes and its duration in the track's timescale. */
  add(size: number, duration: number): void {
    if (this.length === this.sizes.length) {
      const grown = new Uint32Array(this.sizes.length * 2);
      grown.set(this.sizes);
      this.sizes = grown;
    }
    this.sizes[this.length] = size;
    this.length += 1;
    const last = this.runs.length - 2;
    if (last >= 0 && this.runs[last + 1] === duration) this.runs[last] = this.runs[last]! + 1;
    else this.runs.push(1, duration);
    this.trackPeak(size);
    this.totalBytes += size;
    this.totalDuration += duration;
  }

  get count(): number {
    return this.length;
  }

  /** The packets' total length in the track's timescale (mdhd's duration). */
  get duration(): number {
    return this.totalDuration;
  }

  /** Average and peak (densest second) bit rates, as mediabunny measures them for the esds. */
  bitrates(): { average: number; peak: number } {
    const seconds = this.totalDuration / this.timescale;
    return {
      average: seconds > 0 ? Math.round((8 * this.totalBytes) / seconds) : 0,
      peak: 8 * this.peakWindowBytes,
    };
  }

  /**
   * stts, stsc, stsz and stco (co64 once a chunk starts past 4 GiB) for the packets written back to back from
   * `firstOffset` in the file, in chunks of half a second. stsz is one buffer, never a box per sample.
   */
  tables(firstOffset: number, frameDuration: number): Mp4Box[] {
    const perChunk = Math.max(1, Math.ceil((CHUNK_SECONDS * this.timescale) / frameDuration));
    const chunks = Math.ceil(this.length / perChunk);
    const offsets = new Float64Array(chunks);
    let offset = firstOffset;
    for (let index = 0; index < this.length; index += 1) {
      if (index % perChunk === 0) offsets[index / perChunk] = offset;
      offset += this.sizes[index]!;
    }
    const long = chunks > 0 && offsets[chunks - 1]! >= 2 ** 32;
    const stco = new Uint8Array(8 + chunks * (long ? 8 : 4));
    const stcoView = new DataView(stco.buffer);
    stcoView.setUint32(4, chunks);
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      if (long) stcoView.setBigUint64(8 + chunk * 8, BigInt(offsets[chunk]!));
      else stcoView.setUint32(8 + chunk * 4, offsets[chunk]!);
    }
    const stsz = new Uint8Array(12 + this.length * 4);
    const stszView = new DataView(stsz.buffer);
    stszView.setUint32(8, this.length);
    for (let index = 0; index < this.length; index += 1)
      stszView.setUint32(12 + index * 4, this.sizes[index]!);
    const lastChunk = this.length % perChunk;
    const stscEntries = [[1, perChunk]];
    if (lastChunk > 0 && chunks > 1) stscEntries.push([chunks, lastChunk]);
    else if (lastChunk > 0) stscEntries[0] = [1, lastChunk];
    return [
      leaf('stts', u32(0), u32(this.runs.length / 2), ...this.runs.map(u32)),
      leaf(
        'stsc',
        u32(0),
        u32(stscEntries.length),
        ...stscEntries.flatMap(([first, count]) => [u32(first!), u32(count!), u32(1)]),
      ),
      { type: 'stsz', payload: stsz },
      { type: long ? 'co64' : 'stco', payload: stco },
    ];
  }

  /** The densest second so far, in bytes: a sliding window over the decode times, as mediabunny's. */
  private trackPeak(size: number): void {
    const time = this.totalDuration;
    this.windowTimes.push(time);
    this.windowSizes.push(size);
    this.windowBytes += size;
    while (time - this.windowTimes[this.windowStart]! >= this.timescale) {
      this.windowBytes -= this.windowSizes[this.windowStart]!;
      this.windowStart += 1;
    }
    this.peakWindowBytes = Math.max(this.peakWindowBytes, this.windowBytes);
    if (this.windowStart > 4096) {
      this.windowTimes = this.windowTimes.slice(this.windowStart);
      this.windowSizes = this.windowSizes.slice(this.windowStart);
      this.windowStart = 0;
    }
  }
}
