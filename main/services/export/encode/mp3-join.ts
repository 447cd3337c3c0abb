import { readSideInfo, type SideInfo } from './mp3-side-info.js';

/**
 * Joining two encodes of one stream without re-encoding (split-encode/). Both parts were encoded on one frame grid
 * (the second part started a whole number of frames earlier than the join, so LAME was warm), so their frames
 * around the join carry the same audio; only where each frame's main data sits differs, because each encoder
 * managed its own bit reservoir.
 *
 * At a join frame J, the stream takes part 1's frames before J and part 2's from J. Part 2's frames from J on
 * read their main data starting `mainDataBegin₂(J)` bytes back, in part 2's own frames before J. In part 1, the
 * last `mainDataBegin₁(J)` main-data bytes before J belong to part 1's frames from J on, which are dropped: when
 * `mainDataBegin₂(J) ≤ mainDataBegin₁(J)`, part 2's reservoir bytes can be copied over them and every frame of the
 * joined stream finds exactly the bytes its encoder wrote. The granules either side of the join overlap-add in
 * the decoder, so their windows must also match: part 1's last granule before J has the block type part 2's has.
 */

/** Consecutive frames of one part, by the index of the first in the whole stream. */
export interface IndexedFrames {
  readonly first: number;
  readonly frames: readonly Uint8Array[];
}

function frameAt(part: IndexedFrames, index: number): Uint8Array | undefined {
  return part.frames[index - part.first];
}

/** Main-data bytes available in the frames of `part` before `index` (as far back as it holds frames). */
function reservoirBefore(part: IndexedFrames, index: number): number {
  let bytes = 0;
  for (let at = part.first; at < index; at += 1) {
    const frame = frameAt(part, at);
    if (frame) bytes += frame.length - readSideInfo(frame).mainDataOffset;
  }
  return bytes;
}

/** The granule-1 block types of a frame, one per channel. */
function lastGranuleWindows(info: SideInfo): readonly number[] {
  return info.blockTypes.slice(info.blockTypes.length / 2);
}

/** Whether the stream can switch from part 1 to part 2 at frame `index`, by the rules above. */
export function canJoinAt(index: number, part1: IndexedFrames, part2: IndexedFrames): boolean {
  const before1 = frameAt(part1, index - 1);
  const at1 = frameAt(part1, index);
  const before2 = frameAt(part2, index - 1);
  const at2 = frameAt(part2, index);
  if (!before1 || !at1 || !before2 || !at2) return false;
  const reservoir2 = readSideInfo(at2).mainDataBegin;
  if (reservoir2 > readSideInfo(at1).mainDataBegin) return false;
  if (reservoir2 > reservoirBefore(part2, index) || reservoir2 > reservoirBefore(part1, index)) return false;
  const windows1 = lastGranuleWindows(readSideInfo(before1));
  const windows2 = lastGranuleWindows(readSideInfo(before2));
  return windows1.every((blockType, channel) => blockType === windows2[channel]);
}

/** The main-data areas of the frames before `index`, newest first. */
function areasBefore(part: IndexedFrames, index: number): Uint8Array[] {
  const areas: Uint8Array[] = [];
  for (let at = index - 1; at >= part.first; at -= 1) {
    const frame = frameAt(part, at)!;
    areas.push(frame.subarray(readSideInfo(frame).mainDataOffset));
  }
  return areas;
}

/**
 * Copies part 2's reservoir at frame `index` into part 1's frames before it (in place), so part 1's frames before
 * `index` followed by part 2's from `index` form one valid stream. Call only where `canJoinAt` holds.
 */
export function moveReservoir(index: number, part1: IndexedFrames, part2: IndexedFrames): void {
  let remaining = readSideInfo(frameAt(part2, index)!).mainDataBegin;
  const from = areasBefore(part2, index);
  const to = areasBefore(part1, index);
  // Walk both reservoirs back from the join, byte by byte: their frames may differ in size (padding).
  let fromArea = 0;
  let fromAt = from[0]?.length ?? 0;
  let toArea = 0;
  let toAt = to[0]?.length ?? 0;
  while (remaining > 0) {
    while (fromAt === 0) fromAt = from[++fromArea]!.length;
    while (toAt === 0) toAt = to[++toArea]!.length;
    fromAt -= 1;
    toAt -= 1;
    to[toArea]![toAt] = from[fromArea]![fromAt]!;
    remaining -= 1;
  }
}
