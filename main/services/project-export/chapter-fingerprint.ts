import { createHash, randomUUID } from 'node:crypto';
import type { ExportOptions } from '../../../common/export/export-options.js';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { canonicalJson } from '../../../common/project/canonical-json.js';
import type { FileTags } from '../export/tags/file-tags.js';
import { openUserFile } from '../storage/user-file.js';

/**
 * Raised whenever the engine would write other bytes for the same request (a new field of the plan, another
 * renderer, gain, limiter, encoder or room-tone change), so files written before are never kept as current:
 * 2 since the ACX output gain (a short or peaky chapter raised by what the limiter took; version 1 files of it
 * sit near −24.8 dB RMS, under ACX's floor); 3 since surround sources are folded to stereo (the PCM cache's
 * format 2). The app's version is hashed too, so a released update never relies on this being raised by hand.
 */
const FINGERPRINT_VERSION = 3;
/** A cover or a recorded room tone larger than this is not something an export embeds or loops. */
const MAX_HASHED_BYTES = 2 * 1024 * 1024 * 1024;
const READ_BYTES = 1024 * 1024;

/** What the engine is asked to render for one chapter file, less where its sources and output are. */
export interface ChapterRequest {
  readonly plan: RenderPlan;
  readonly options: ExportOptions;
  readonly tags: FileTags;
}

/**
 * A fingerprint per chapter file of everything that decides its bytes: its file name, its part of the plan (each
 * clip's take by its audio cache key, placement, gain, fades, pauses between them, cues, rate, channels), the format,
 * loudness, subtitles and room tone, the tags (title, track n/total, album, language…) and the contents of the
 * files it embeds or loops (the cover, a recorded room tone), never their paths: the dialog stages a cover under a
 * new name at every export. Equal fingerprints mean the engine would write the same file again.
 */
export async function chapterFingerprints(
  requests: readonly ChapterRequest[],
  fileNames: readonly string[],
  appVersion?: string,
): Promise<string[]> {
  const digests = new Map<string, Promise<string>>();
  const digestOf = (filePath: string): Promise<string> => {
    const known = digests.get(filePath) ?? contentDigest(filePath);
    digests.set(filePath, known);
    return known;
  };
  return Promise.all(
    requests.map(async ({ plan, options, tags }, index) => {
      const { coverPath, ...otherTags } = tags;
      const roomToneClip = (options.roomTone as { clip?: { path?: string } } | undefined)?.clip?.path;
      const described = canonicalJson({
        version: FINGERPRINT_VERSION,
        appVersion,
        fileName: fileNames[index],
        plan: withoutIds(plan),
        options,
        tags: otherTags,
        cover: coverPath === undefined ? undefined : await digestOf(coverPath),
        roomToneClip: roomToneClip === undefined ? undefined : await digestOf(roomToneClip),
      });
      return createHash('sha256').update(described).digest('hex');
    }),
  );
}

/**
 * The plan with its clips' and cues' block ids replaced by places: they name blocks, never decide a sample, and a
 * block moved, split or re-imported with the same take under another id still sounds the same.
 */
function withoutIds(plan: RenderPlan): unknown {
  const places = new Map(plan.clips.map((clip, index) => [clip.id, index]));
  return {
    ...plan,
    clips: plan.clips.map(({ id: _id, ...clip }) => clip),
    cues: plan.cues.map(({ blockId: _blockId, clipId, ...cue }) => ({
      ...cue,
      clip: clipId === undefined ? undefined : places.get(clipId),
    })),
  };
}

/**
 * SHA-256 of a file's contents, read with the shared reader. A file that cannot be read gets a digest no earlier
 * export has, so its chapters are rendered, and the render says what is wrong with the file in its own words.
 */
async function contentDigest(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    const handle = await openUserFile(filePath, {
      maxBytes: MAX_HASHED_BYTES,
      what: 'a file an export embeds',
    });
    try {
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      for (let total = 0; total <= MAX_HASHED_BYTES;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return hash.digest('hex');
        hash.update(buffer.subarray(0, bytesRead));
        total += bytesRead;
      }
    } finally {
      await handle.close();
    }
  } catch {
    // Said by the render, which reads the file for real.
  }
  return `unreadable:${randomUUID()}`;
}
