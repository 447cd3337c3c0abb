import { allBlocks } from './block-lookup.js';
import type { Project } from './project-schema.js';

/**
 * A project as main sends it to the editor when it opens: the same document with values that repeat others in
 * the same block replaced by a short mark. Opening a 10,000-block audiobook sent 5 MB, and the browser's
 * WebSocket took ~55 ms per megabyte to deliver it (the largest single cost of the open).
 *
 * Marked, per take: its `contentHash` when it is the block's generation's (""), its `made.text` when it is the
 * block's text (""); per block, the generated audio when it repeats one of its takes ("take:<index>").
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
  for (const [name, track] of Object.entries(project.tracks)) {
    tracks[name] = {
      blocks: markable ? track.blocks.map((block) => packBlock(block as unknown as Loose)) : track.blocks,
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
  for (const track of Object.values(project.tracks)) for (const block of track.blocks) unpackBlock(block);
  return project as unknown as Project;
}

function packBlock(block: Loose): Loose {
  const takes = block.takes as Loose[] | undefined;
  if (takes === undefined || takes.length === 0) return block;
  const generation = block.generation as Loose;
  const packed: Loose = { ...block, takes: takes.map((take) => packTake(take, block, generation)) };
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

function packTake(take: Loose, block: Loose, generation: Loose): Loose {
  const packed: Loose = { ...take };
  if (typeof generation.contentHash === 'string' && take.contentHash === generation.contentHash) {
    packed.contentHash = SAME;
  }
  const made = take.made as Loose | undefined;
  if (made !== undefined && typeof block.text === 'string' && made.text === block.text) {
    packed.made = { ...made, text: SAME };
  }
  return packed;
}

function unpackBlock(block: Loose): void {
  const takes = block.takes as Loose[] | undefined;
  if (takes === undefined) return;
  const generation = block.generation as Loose;
  for (const take of takes) {
    if (take.contentHash === SAME) take.contentHash = generation.contentHash;
    const made = take.made as Loose | undefined;
    if (made !== undefined && made.text === SAME) made.text = block.text;
  }
  if (typeof generation.audio === 'string' && generation.audio.startsWith(TAKE_MARK)) {
    const take = takes[Number(generation.audio.slice(TAKE_MARK.length))] as Loose;
    const audio: Loose = {};
    for (const field of AUDIO_FIELDS) if (take[field] !== undefined) audio[field] = take[field];
    generation.audio = audio;
  }
}
