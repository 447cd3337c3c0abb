import { promisify } from 'node:util';
import { constants, deflateRaw } from 'node:zlib';

/**
 * Frames at least this long go to the page compressed, as binary frames of raw DEFLATE (the page inflates them
 * with the browser's DecompressionStream, `renderer/bridge/frame-reader.ts`).
 *
 * Why: this machine's Chromium delivers a WebSocket message at ~30 ms per MB, and a 10,000-block audiobook is a
 * ~3.9 MB answer. Compressed at level 1 it is ~0.8 MB (prose and hex hashes), inflated in the page in ~80 ms
 * of stream work, against ~90–150 ms of delivery for the text. Short frames gain nothing and stay text.
 */
export const DEFLATE_FROM_BYTES = 256 * 1024;

const deflate = promisify(deflateRaw);

/**
 * A piece of a frame's bytes compressed on its own, ending on a byte boundary without ending the stream (a sync
 * flush): such pieces, followed by one compressed as the last, join into one valid raw DEFLATE stream, because a
 * fresh compressor never refers back past its own start (the way pigz joins the blocks it compresses in
 * parallel). So a piece that is the same in many frames (an opened project's bytes) is compressed once.
 */
function deflatePiece(piece: Buffer, last: boolean): Promise<Buffer> {
  // Level 1: 3.9 MB in ~15–20 ms on zlib's thread pool (main's event loop stays free), 5× smaller; level 6
  // takes 50 % longer for 15 % fewer bytes.
  return deflate(piece, { level: 1, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
}

/** Compressed inner pieces, kept with the piece's bytes (a kept project's bytes are one Buffer per version). */
const deflatedPieces = new WeakMap<Buffer, Promise<Buffer>>();

function deflatedInnerPiece(piece: Buffer): Promise<Buffer> {
  let deflated = deflatedPieces.get(piece);
  if (deflated === undefined) {
    deflated = deflatePiece(piece, false);
    deflatedPieces.set(piece, deflated);
    // A failed compression is not kept: the next frame tries again.
    deflated.catch(() => deflatedPieces.delete(piece));
  }
  return deflated;
}

export interface OutgoingFrame {
  readonly data: Buffer;
  /** Binary frames are compressed JSON; text frames are the JSON's UTF-8 bytes. */
  readonly binary: boolean;
}

/** The frame carrying the JSON whose bytes are `pieces` joined: as text when short, compressed when long. */
export async function frameOf(pieces: readonly Buffer[]): Promise<OutgoingFrame> {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (length < DEFLATE_FROM_BYTES || pieces.length === 0) {
    return { data: pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces), binary: false };
  }
  const last = pieces.length - 1;
  const deflated = await Promise.all(
    pieces.map((piece, index) => (index === last ? deflatePiece(piece, true) : deflatedInnerPiece(piece))),
  );
  return { data: Buffer.concat(deflated), binary: true };
}
