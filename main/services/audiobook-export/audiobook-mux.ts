import { open } from 'node:fs/promises';
import type { EncodedPacket, MetadataTags } from 'mediabunny';
import { ExportCancelledError } from '../export/export-errors.js';
import type { EncodedSoundtrack } from '../video-export/aac-lanes.js';
import type { AudiobookFinish } from './audiobook-moov.js';
import { brandFileType, finishedTail } from './audiobook-moov.js';
import { setSampleEntryBitrates } from './sample-entry-bitrates.js';
import type { Mp4Box } from './mp4-box-tree.js';
import { boxParts, findBox, latin1, parseBoxes, u32, u64 } from './mp4-box-tree.js';
import { SampleLog } from './mp4-sample-table.js';

export interface AudiobookMux {
  readonly outputPath: string;
  /** The tags mediabunny writes itself (ilst, cover). */
  readonly tags: MetadataTags;
  /** The audio track's ISO 639-2 language, if known. */
  readonly languageCode?: string | undefined;
  readonly brand: 'M4B ' | 'M4A ';
  readonly finish: AudiobookFinish;
  readonly signal?: AbortSignal | undefined;
}

/** Packets gathered before a write: a few thousand AAC packets a write instead of one each. */
const WRITE_BYTES = 1 << 20;
/** How often the cancel is looked at, in packets (~1.5 s of audio at 44.1 kHz). */
const CANCEL_EVERY = 64;

/**
 * Writes the MP4 with memory flat in the book's length. mediabunny writes only a template, in memory, from the
 * first packet (ftyp, and a moov with the sample description, the edit list for the priming and every tag and
 * the cover); the file is that ftyp, one mdat every packet is streamed into as it comes (only its size and
 * duration kept, in a SampleLog), then the template's moov with the whole book's sample tables, finished
 * (audiobook-moov.ts). mediabunny's own muxer keeps a JS object per packet and builds its tables as JS arrays,
 * ~65 MB more per hour of audio.
 */
export async function muxAudiobook(soundtrack: EncodedSoundtrack, mux: AudiobookMux): Promise<void> {
  const packets = soundtrack.packets();
  try {
    await streamBook(soundtrack, packets, mux);
  } finally {
    // Closes the staged file being read (on a cancel or failure too), before the soundtrack removes it.
    await packets.return(undefined);
  }
}

async function streamBook(
  soundtrack: EncodedSoundtrack,
  packets: AsyncGenerator<EncodedPacket>,
  mux: AudiobookMux,
): Promise<void> {
  const first = await packets.next();
  if (first.done) throw new Error('The AAC encoder gave no audio packets');
  const template = await templateOf(soundtrack, first.value, mux);
  const ftyp = findBox(template, 'ftyp');
  const moov = findBox(template, 'moov');
  const stbl = moov && findBox(moov.children!, 'trak', 'mdia', 'minf', 'stbl');
  const mdhd = moov && findBox(moov.children!, 'trak', 'mdia', 'mdhd');
  if (!ftyp || !stbl || !mdhd) throw new Error('mediabunny wrote no ftyp or audio sample table');
  brandFileType(ftyp, mux.brand);
  const log = new SampleLog(timescaleOf(mdhd));
  const handle = await open(mux.outputPath, 'w');
  try {
    const head = boxParts(ftyp);
    const mdatAt = head.reduce((sum, part) => sum + part.length, 0);
    // 16 bytes for the mdat's header: a 'free' box and a 32-bit mdat, or one 64-bit mdat past 4 GiB.
    await writeAll(handle, [...head, new Uint8Array(16)], 0);
    const dataAt = mdatAt + 16;
    let position = dataAt;
    const buffer = Buffer.allocUnsafe(WRITE_BYTES);
    let filled = 0;
    const flush = async (): Promise<void> => {
      await handle.write(buffer, 0, filled, position);
      position += filled;
      filled = 0;
    };
    let next: IteratorResult<EncodedPacket> = first;
    while (!next.done) {
      const { data, duration } = next.value;
      if (log.count % CANCEL_EVERY === 0 && mux.signal?.aborted) throw new ExportCancelledError();
      log.add(data.length, Math.round(duration * log.timescale));
      if (filled + data.length > buffer.length) await flush();
      if (data.length > buffer.length) {
        // A packet larger than the buffer (never AAC's, a few hundred bytes) is written on its own.
        await handle.write(data, 0, data.length, position);
        position += data.length;
      } else {
        buffer.set(data, filled);
        filled += data.length;
      }
      next = await packets.next();
    }
    await flush();
    const mdatSize = 8 + (position - dataAt);
    const mdatHead =
      mdatSize <= 0xffffffff
        ? [u32(8), latin1('free'), u32(mdatSize), latin1('mdat')]
        : [u32(1), latin1('mdat'), u64(mdatSize + 8)];
    await writeAll(handle, mdatHead, mdatAt);
    fillSampleTable(stbl, mdhd, log, dataAt, Math.round(first.value.duration * log.timescale));
    await writeAll(handle, finishedTail(moov!, mux.finish, position), position);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** mediabunny's MP4 of the first packet alone, in memory: the boxes the real file takes its own from. */
async function templateOf(
  soundtrack: EncodedSoundtrack,
  first: EncodedPacket,
  mux: AudiobookMux,
): Promise<Mp4Box[]> {
  const { BufferTarget, EncodedAudioPacketSource, Mp4OutputFormat, Output } = await import('mediabunny');
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target });
  const source = new EncodedAudioPacketSource('aac');
  output.addAudioTrack(source, mux.languageCode ? { languageCode: mux.languageCode } : {});
  output.setMetadataTags(mux.tags);
  await output.start();
  await source.add(first, { decoderConfig: soundtrack.decoderConfig });
  source.close();
  await output.finalize();
  return parseBoxes(new Uint8Array(target.buffer!));
}

/** The template's one-packet tables replaced by the book's, mdhd's duration and the sample entry's bit rates with them. */
function fillSampleTable(stbl: Mp4Box, mdhd: Mp4Box, log: SampleLog, dataAt: number, frame: number): void {
  const replaced = new Set(['stts', 'stsc', 'stsz', 'stco', 'co64', 'stss']);
  const kept = stbl.children!.filter((box) => !replaced.has(box.type));
  stbl.children = [...kept, ...log.tables(dataAt, frame)];
  const stsd = findBox(kept, 'stsd');
  if (stsd?.payload) setSampleEntryBitrates(stsd.payload, log.bitrates());
  mdhd.payload = mdhdWithDuration(mdhd.payload!, log.duration);
}

function timescaleOf(mdhd: Mp4Box): number {
  const payload = mdhd.payload!;
  return new DataView(payload.buffer, payload.byteOffset).getUint32(payload[0] === 1 ? 20 : 12);
}

/** mdhd with a new duration; version 1 (64-bit times) if it no longer fits 32 bits. */
function mdhdWithDuration(payload: Uint8Array, duration: number): Uint8Array {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  if (payload[0] === 1) {
    view.setBigUint64(24, BigInt(duration));
    return payload;
  }
  if (duration <= 0xffffffff) {
    view.setUint32(16, duration);
    return payload;
  }
  const long = new Uint8Array(payload.length + 12);
  const longView = new DataView(long.buffer);
  long[0] = 1;
  longView.setBigUint64(4, BigInt(view.getUint32(4)));
  longView.setBigUint64(12, BigInt(view.getUint32(8)));
  longView.setUint32(20, view.getUint32(12));
  longView.setBigUint64(24, BigInt(duration));
  long.set(payload.subarray(20), 32);
  return long;
}

async function writeAll(
  handle: Awaited<ReturnType<typeof open>>,
  parts: readonly Uint8Array[],
  at: number,
): Promise<void> {
  let position = at;
  for (const part of parts) {
    await handle.write(part, 0, part.length, position);
    position += part.length;
  }
}
