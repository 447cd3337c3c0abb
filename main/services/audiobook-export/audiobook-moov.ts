import type { BookChapter } from './audiobook-boxes.js';
import { chapterTrack, neroChapterList } from './audiobook-boxes.js';
import type { Mp4Box } from './mp4-box-tree.js';
import { boxParts, concatBytes, container, findBox, latin1, leaf, u32 } from './mp4-box-tree.js';

export interface AudiobookFinish {
  /** Chapters for the QuickTime chapter track and Nero's list; none writes neither. */
  readonly chapters: readonly BookChapter[];
  /** The timeline's length in frames: what a player plays, the encoder's end padding left out. */
  readonly frames: number;
  readonly sampleRate: number;
  /** iTunes items mediabunny does not write (stik, free-form), added to moov/udta/meta/ilst. */
  readonly items: readonly Mp4Box[];
}

/**
 * The file type with `brand` ('M4B ' or 'M4A ', as iTunes writes) as its major brand over mediabunny's 'isom',
 * if it has mediabunny's size (major brand, minor version, two compatible brands): some players (older iPods,
 * Apple's) tell a book from music by it as well as by the extension.
 */
export function brandFileType(ftyp: Mp4Box, brand: 'M4B ' | 'M4A '): void {
  if (ftyp.payload?.length !== 16) return;
  ftyp.payload = concatBytes([latin1(brand), u32(0), latin1(brand), latin1('isom')]);
}

/**
 * Finishes the moov mediabunny wrote (its sample tables already the whole book's): the edit list and the
 * durations cut to the timeline's length (so the encoder's end padding is not played), the chapters as a text
 * track and as Nero's list, and the iTunes items mediabunny lacks. Answers the file's tail, to be written at
 * `tailAt`: a small mdat of the chapter titles, then the moov, as pieces (boxParts) rather than one copy.
 */
export function finishedTail(moov: Mp4Box, finish: AudiobookFinish, tailAt: number): Uint8Array[] {
  // The chapter titles go in an mdat at the tail's start; the moov follows them.
  const samples = rebuildMoov(moov, finish, tailAt + 8);
  const mdat = samples.length > 0 ? [concatBytes([u32(8 + samples.length), latin1('mdat'), samples])] : [];
  return [...mdat, ...boxParts(moov)];
}

/** Rewrites the moov in place; answers the chapter titles' bytes, to be written at `titlesAt` in the file. */
function rebuildMoov(moov: Mp4Box, finish: AudiobookFinish, titlesAt: number): Uint8Array {
  const boxes = moov.children!;
  const mvhd = findBox(boxes, 'mvhd')!.payload!;
  const mvhdView = new DataView(mvhd.buffer, mvhd.byteOffset, mvhd.byteLength);
  const longMvhd = mvhd[0] === 1;
  const movieTimescale = mvhdView.getUint32(longMvhd ? 20 : 12);
  const movieDuration = Math.round((finish.frames * movieTimescale) / finish.sampleRate);
  setDuration(mvhdView, longMvhd ? 24 : 16, longMvhd, movieDuration);
  const audio = findBox(boxes, 'trak')!;
  const tkhd = findBox(audio.children!, 'tkhd')!.payload!;
  const tkhdView = new DataView(tkhd.buffer, tkhd.byteOffset, tkhd.byteLength);
  setDuration(tkhdView, tkhd[0] === 1 ? 28 : 20, tkhd[0] === 1, movieDuration);
  const elst = findBox(audio.children!, 'edts', 'elst')?.payload;
  if (elst) {
    // One entry (mediabunny's: the priming skipped); its length becomes the timeline's.
    const view = new DataView(elst.buffer, elst.byteOffset, elst.byteLength);
    setDuration(view, 8, elst[0] === 1, movieDuration);
  }
  const udta = findOrAdd(boxes, 'udta');
  if (finish.items.length > 0) {
    let meta = findBox(udta.children!, 'meta');
    if (!meta) {
      meta = {
        type: 'meta',
        head: new Uint8Array(4),
        children: [
          leaf('hdlr', u32(0), u32(0), latin1('mdir'), latin1('appl'), u32(0), u32(0), Uint8Array.of(0)),
        ],
      };
      udta.children!.push(meta);
    }
    findOrAdd(meta.children!, 'ilst').children!.push(...finish.items);
  }
  if (finish.chapters.length === 0) return new Uint8Array(0);
  const trackId = mvhdView.getUint32(mvhd.length - 4);
  mvhdView.setUint32(mvhd.length - 4, trackId + 1);
  const totalMs = (finish.frames * 1000) / finish.sampleRate;
  const { trak, samples } = chapterTrack(trackId, finish.chapters, movieTimescale, totalMs, titlesAt);
  const audioChildren = audio.children!;
  const afterTkhd = audioChildren.findIndex((box) => box.type === 'tkhd') + 1;
  audioChildren.splice(afterTkhd, 0, container('tref', [leaf('chap', u32(trackId))]));
  boxes.splice(boxes.lastIndexOf(audio) + 1, 0, trak);
  udta.children!.push(neroChapterList(finish.chapters));
  // udta last, as muxers write it.
  boxes.splice(boxes.indexOf(udta), 1);
  boxes.push(udta);
  return samples;
}

function setDuration(view: DataView, at: number, long: boolean, value: number): void {
  if (long) view.setBigUint64(at, BigInt(value));
  else view.setUint32(at, Math.min(value, 0xffffffff));
}

function findOrAdd(boxes: Mp4Box[], type: string): Mp4Box {
  const found = boxes.find((box) => box.type === type);
  if (found) return found;
  const added = container(type, []);
  boxes.push(added);
  return added;
}
