import type { FileTags } from './file-tags.js';

const encoder = new TextEncoder();

/**
 * The RIFF chunks that follow a WAV file's audio data: LIST/INFO with the metadata, a `cue ` chunk with one cue
 * point per chapter start (in sample frames), and LIST/adtl with a `labl` naming each cue. Written here rather
 * than by a package because the one that writes cue points (wavefile) holds the whole file in memory, and an
 * audiobook's WAV is gigabytes; these chunks are appended after the streamed audio instead.
 */
export function wavTrailerChunks(tags: FileTags, sampleRate: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const info = infoChunk(tags);
  if (info) parts.push(info);
  if (tags.markers && tags.chapters.length > 0) {
    parts.push(cueChunk(tags.chapters.map((chapter) => Math.round((chapter.startMs * sampleRate) / 1000))));
    parts.push(
      list(
        'adtl',
        tags.chapters.map((chapter, index) => {
          const text = zeroTerminated(chapter.title);
          const body = new Uint8Array(4 + text.length);
          new DataView(body.buffer).setUint32(0, index + 1, true);
          body.set(text, 4);
          return chunk('labl', body);
        }),
      ),
    );
  }
  return Buffer.concat(parts);
}

function infoChunk(tags: FileTags): Uint8Array | undefined {
  const { metadata } = tags;
  const fields: [string, string | undefined][] = [
    ['INAM', metadata.title],
    ['IART', metadata.author],
    ['IPRD', metadata.album],
    ['ICRD', metadata.year],
    ['ITRK', metadata.track],
    ['ICMT', metadata.comment],
    ['ILNG', tags.language],
  ];
  const present = fields.filter((field): field is [string, string] => field[1] !== undefined);
  if (present.length === 0) return undefined;
  return list(
    'INFO',
    present.map(([id, value]) => chunk(id, zeroTerminated(value))),
  );
}

function cueChunk(frames: readonly number[]): Uint8Array {
  const body = new Uint8Array(4 + frames.length * 24);
  const view = new DataView(body.buffer);
  view.setUint32(0, frames.length, true);
  frames.forEach((frame, index) => {
    const at = 4 + index * 24;
    view.setUint32(at, index + 1, true); // cue point id, matched by the labl chunks
    view.setUint32(at + 4, frame, true); // position in play order
    body.set(encoder.encode('data'), at + 8); // the chunk the cue points into
    view.setUint32(at + 12, 0, true); // chunk start (no wavl list)
    view.setUint32(at + 16, 0, true); // block start (PCM)
    view.setUint32(at + 20, frame, true); // sample offset, in frames
  });
  return chunk('cue ', body);
}

function list(type: string, chunks: readonly Uint8Array[]): Uint8Array {
  return chunk('LIST', Buffer.concat([encoder.encode(type), ...chunks]));
}

/** A RIFF chunk: id, little-endian size, body, and a pad byte when the body's length is odd. */
function chunk(id: string, body: Uint8Array): Uint8Array {
  const padded = body.length + (body.length % 2);
  const bytes = new Uint8Array(8 + padded);
  bytes.set(encoder.encode(id), 0);
  new DataView(bytes.buffer).setUint32(4, body.length, true);
  bytes.set(body, 8);
  return bytes;
}

function zeroTerminated(text: string): Uint8Array {
  const encoded = encoder.encode(text);
  const bytes = new Uint8Array(encoded.length + 1);
  bytes.set(encoded);
  return bytes;
}
