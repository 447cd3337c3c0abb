const AAC_FRAME = 1024;
/** A chapter longer than this is encoded in pieces of this length (from its own start), so an edit re-encodes one. */
const PART_SECONDS = 600;
/** A part shorter than this (a short chapter, a remainder) joins the one before it rather than pay a warm-up of its own. */
const MIN_PART_SECONDS = 120;
/** A book of one part this long or longer is cut in two, so both cores encode it (aac-encode.ts' threshold). */
const TWO_PARTS_SECONDS = 120;
/** Each part's encoder starts this early so its rate control has settled where its kept packets begin (aac-lanes.ts). */
const PART_WARM_UP_SECONDS = 30;
/** …and runs two frames past the part's end, so its last kept packet had the encoder's usual look-ahead. */
const LOOK_AHEAD_FRAMES = 2 * AAC_FRAME;

/**
 * One part of the book's AAC: the packets for frames [from, to) of the rendered mix, encoded by one encoder over
 * [laneFrom, laneTo) and kept by timestamp in [keepFrom, keepBefore) (null: no bound), the rule of the two lanes
 * (aac-encode.ts): AAC packets overlap by half a frame, so consecutive parts' packets join by the decoder's
 * overlap-add as one stream's would.
 */
export interface AacPart {
  readonly from: number;
  readonly to: number;
  readonly laneFrom: number;
  readonly laneTo: number;
  readonly keepFrom: number | null;
  readonly keepBefore: number | null;
}

/**
 * The book cut into parts at AAC frame boundaries: at each chapter's start (rounded down to a frame), and inside a
 * chapter every ten minutes from the chapter's own start. Cut points follow the content, not the clock: an edit
 * that lengthens a chapter moves the later chapters' cuts with their audio, so their parts (same samples, same
 * place on the frame grid as long as the shift is a whole number of frames) are found again in the cache.
 */
export function planAacParts(
  total: number,
  sampleRate: number,
  chapterStarts: readonly number[],
  shortestSeconds = MIN_PART_SECONDS,
): AacPart[] {
  const step = Math.round((PART_SECONDS * sampleRate) / AAC_FRAME) * AAC_FRAME;
  const shortest = shortestSeconds * sampleRate;
  const chapterCuts = [...new Set(chapterStarts.map((start) => Math.floor(start / AAC_FRAME) * AAC_FRAME))]
    .filter((cut) => cut > 0 && cut < total)
    .sort((a, b) => a - b);
  const cuts = [0];
  for (const [index, start] of [0, ...chapterCuts].entries()) {
    const end = chapterCuts[index] ?? total;
    for (let cut = start + step; end - cut >= shortest; cut += step) cuts.push(cut);
    if (end < total) cuts.push(end);
  }
  // Each part pays its encoder's warm-up (30 s): a cut less than two minutes after the one kept before it (short
  // chapters) is dropped, so those chapters share a part, and so is one less than two minutes before the end.
  const kept = [0];
  for (const cut of cuts) if (cut - kept.at(-1)! >= shortest) kept.push(cut);
  if (kept.length > 1 && total - kept.at(-1)! < shortest) kept.pop();
  // A short book of one part is still encoded on both cores: cut in the middle, as the two lanes do.
  if (kept.length === 1 && total >= TWO_PARTS_SECONDS * sampleRate) {
    kept.push(Math.round(total / 2 / AAC_FRAME) * AAC_FRAME);
  }
  const warmUp = Math.ceil((PART_WARM_UP_SECONDS * sampleRate) / AAC_FRAME) * AAC_FRAME;
  return kept.map((from, index) => {
    const last = index === kept.length - 1;
    const to = last ? total : kept[index + 1]!;
    return {
      from,
      to,
      laneFrom: Math.max(0, from - warmUp),
      laneTo: last ? total : Math.min(total, to + LOOK_AHEAD_FRAMES),
      // Packet p is stamped at its window's start, one frame before its first new frame: a part keeps those
      // whose window ends by its end, its successor those from the one that starts a frame before its start.
      keepFrom: index === 0 ? null : from - AAC_FRAME - AAC_FRAME / 2,
      keepBefore: last ? null : to - AAC_FRAME - AAC_FRAME / 2,
    };
  });
}
