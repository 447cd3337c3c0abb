import { allBlocks } from './block-lookup.js';
import type { Project } from './project-schema.js';

/**
 * A project as main sends it to the editor when it opens: the same document with values that repeat others in
 * the same block replaced by a short mark. Opening a 10,000-block audiobook sent 5 MB, and the browser's
 * WebSocket took ~55 ms per megabyte to deliver it (the largest single cost of the open).
 *
 * Marked, per take: its `contentHash` when it is the block's generation's (""), its `made.text` when it is the
 * block's text (""), its `made.params` when they equal the previous take's in the project (""; a book's takes are
 * mostly made with the same voice and settings, ~150 bytes each); per block, the generated audio when it repeats
 * one of its takes ("take:<index>"). Unpacked, equal params are one shared object (the app never changes a
 * project's objects, it replaces them).
 * Lossless: unpackProject(packProject(p)) equals p. Only values change, never which keys an object has or their
 * order, so the unpacked objects have the same shape as parsed from a file: keys dropped and added back made every
 * block's fields slower to read (kept out of the object) and left the whole parsed message behind as garbage,
 * and typing then paid for both.
 */
export interface PackedProject {
  readonly packed: 1;
  /** False when some take holds an empty hash or text of its own (never written by the app): sent as it is. */
  readonly marked: boolean;
  /** The project with the marks above; only unpackProject reads it. */
  readonly project: unknown;
}

type Loose = Record<string, unknown>;

/** The fields a generation's audio shares with a take (generatedAudioSchema's, in its order). */
const AUDIO_FIELDS = ['cacheKey', 'durationMs', 'remoteUrl', 'taskId', 'generatedAt'] as const;
const SAME = '';
const TAKE_MARK = 'take:';

/** Packed once per version: a project object is an immutable value, and reopening it sends the same. */
const packedVersions = new WeakMap<Project, PackedProject>();

export function packProject(project: Project): PackedProject {
  const known = packedVersions.get(project);
  if (known !== undefined) return known;
  // A mark must never be mistaken for a value: a project that holds one as a value goes unmarked.
  const markable = allBlocks(project).every((block) =>
    (block.takes ?? []).every((take) => take.contentHash !== SAME && take.made?.text !== SAME),
  );
  const tracks: Loose = {};
  const params = new SameParams();
  for (const [name, track] of Object.entries(project.tracks)) {
    tracks[name] = {
      blocks: markable
        ? track.blocks.map((block) => packBlock(block as unknown as Loose, params))
        : track.blocks,
    };
  }
  const packed: PackedProject = { packed: 1, marked: markable, project: { ...project, tracks } };
  packedVersions.set(project, packed);
  return packed;
}

/** Restores what packProject marked, in the freshly parsed message itself (no copies, no garbage). */
export function unpackProject(packed: PackedProject): Project {
  const project = packed.project as { tracks: Record<string, { blocks: Loose[] }> };
  if (!packed.marked) return project as unknown as Project;
  let previousParams: unknown;
  for (const track of Object.values(project.tracks)) {
    for (const block of track.blocks) previousParams = unpackBlock(block, previousParams);
  }
  return project as unknown as Project;
}

/** The previous take's params, in the order packing and unpacking both walk the takes. */
class SameParams {
  private previousJson: string | undefined;

  /** True when `params` equal the previous take's (same keys, order and values), which they then replace. */
  repeats(params: unknown): boolean {
    const json = JSON.stringify(params);
    const same = json !== undefined && json === this.previousJson;
    this.previousJson = json;
    return same;
  }
}

function packBlock(block: Loose, params: SameParams): Loose {
  const takes = block.takes as Loose[] | undefined;
  if (takes === undefined || takes.length === 0) return block;
  const generation = block.generation as Loose;
  const packed: Loose = { ...block, takes: takes.map((take) => packTake(take, block, generation, params)) };
  if (generation.kind === 'generated') {
    const audio = generation.audio as Loose;
    const index = takes.findIndex((take) => AUDIO_FIELDS.every((field) => take[field] === audio[field]));
    // Rebuilt from the take in AUDIO_FIELDS order: only audio with just those keys, in that order (a file's), is
    // marked, so it comes back exactly as it was.
    const inFieldOrder = Object.keys(audio).join() === AUDIO_FIELDS.filter((field) => field in audio).join();
    if (index !== -1 && inFieldOrder) packed.generation = { ...generation, audio: `${TAKE_MARK}${index}` };
  }
  return packed;
}

function packTake(take: Loose, block: Loose, generation: Loose, params: SameParams): Loose {
  const packed: Loose = { ...take };
  if (typeof generation.contentHash === 'string' && take.contentHash === generation.contentHash) {
    packed.contentHash = SAME;
  }
  const made = take.made as Loose | undefined;
  if (made !== undefined) {
    // Params are an object, never "", so this mark needs no check of the project's values.
    const sameParams = params.repeats(made.params);
    const sameText = typeof block.text === 'string' && made.text === block.text;
    if (sameText || sameParams) {
      packed.made = { ...made, ...(sameText ? { text: SAME } : {}), ...(sameParams ? { params: SAME } : {}) };
    }
  }
  return packed;
}

/** Restores one block's marks; answers the params of its last take with any (the next take's previous). */
function unpackBlock(block: Loose, previousParams: unknown): unknown {
  const takes = block.takes as Loose[] | undefined;
  if (takes === undefined) return previousParams;
  const generation = block.generation as Loose;
  let params = previousParams;
  for (const take of takes) {
    if (take.contentHash === SAME) take.contentHash = generation.contentHash;
    const made = take.made as Loose | undefined;
    if (made === undefined) continue;
    if (made.text === SAME) made.text = block.text;
    if (made.params === SAME) made.params = params;
    params = made.params;
  }
  if (typeof generation.audio === 'string' && generation.audio.startsWith(TAKE_MARK)) {
    const take = takes[Number(generation.audio.slice(TAKE_MARK.length))] as Loose;
    const audio: Loose = {};
    for (const field of AUDIO_FIELDS) if (take[field] !== undefined) audio[field] = take[field];
    generation.audio = audio;
  }
  return params;
}
