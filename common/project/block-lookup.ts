import { ProjectEditError } from './edit-error.js';
import { TRACK_NAMES } from './project-schema.js';
import type { Block, MusicBlock, Project, SfxBlock, SpeechTrackBlock, TrackName } from './project-schema.js';

/** The block type each track holds. */
export interface TrackBlockTypes {
  speech: SpeechTrackBlock;
  effects: SfxBlock;
  music: MusicBlock;
}

export interface BlockLocation {
  track: TrackName;
  index: number;
  block: Block;
}

/** Every block: the speech track in order, then effects, then music. */
export function allBlocks(project: Project): Block[] {
  return [...project.tracks.speech.blocks, ...project.tracks.effects.blocks, ...project.tracks.music.blocks];
}

/**
 * Calls `visit` with every block in allBlocks' order, without copying them: for the views that walk a whole
 * 10,000-block audiobook after every followed edit, where the copy, or an unoptimised for…of over it, allocates
 * for every block each time.
 */
export function forEachBlock(project: Project, visit: (block: Block) => void): void {
  for (const track of TRACK_NAMES) {
    const blocks: readonly Block[] = project.tracks[track].blocks;
    for (let index = 0; index < blocks.length; index += 1) visit(blocks[index]!);
  }
}

/**
 * Where each block id was last found. The editor looks the same few blocks up after every keystroke (the selected
 * block, the rows on screen), each time in a new project whose blocks mostly sit where they sat: checking the
 * last place first makes those lookups constant-time in a 10,000-block audiobook. A wrong or stale place only
 * costs the search it saves.
 */
const lastPlaces = new Map<string, { track: TrackName; index: number }>();
// The hints are only a cache: dropped wholesale past this many ids (several large projects opened in a session).
const MAX_REMEMBERED_PLACES = 100_000;

export function findBlock(project: Project, blockId: string): BlockLocation | undefined {
  const hint = lastPlaces.get(blockId);
  if (hint !== undefined) {
    const block: Block | undefined = project.tracks[hint.track].blocks[hint.index];
    if (block?.id === blockId) return { track: hint.track, index: hint.index, block };
  }
  for (const track of TRACK_NAMES) {
    const blocks: readonly Block[] = project.tracks[track].blocks;
    const index = blocks.findIndex((block) => block.id === blockId);
    if (index !== -1) {
      rememberPlaces(track, blocks);
      return { track, index, block: blocks[index]! };
    }
  }
  return undefined;
}

/**
 * Notes the place of every block of the track a search found its block in. The rows and timeline blocks that
 * scroll into view are looked up one after another: noted one at a time, each new one was a search from the
 * track's start, and scrolling a 20,000-block timeline end to end made ~5,000 of them (~1.4 ms of every frame).
 * A block moved (a block inserted or deleted before it) is noted again, with its track, on its first search.
 */
function rememberPlaces(track: TrackName, blocks: readonly Block[]): void {
  if (lastPlaces.size + blocks.length > MAX_REMEMBERED_PLACES) lastPlaces.clear();
  for (let index = 0; index < blocks.length; index += 1) {
    const id = blocks[index]!.id;
    const known = lastPlaces.get(id);
    if (known === undefined) lastPlaces.set(id, { track, index });
    else {
      // Updated in place: a track of 20,000 blocks noted again leaves no 20,000 objects behind for the collector.
      known.track = track;
      known.index = index;
    }
  }
}

export function requireBlock(project: Project, blockId: string): BlockLocation {
  const location = findBlock(project, blockId);
  if (location === undefined) {
    throw new ProjectEditError({
      field: 'blockId',
      rule: 'not-found',
      blockId,
      message: `No block with id "${blockId}" in this project.`,
    });
  }
  return location;
}

/** A new project whose `track` holds `blocks`; every other part is shared with the input (structural sharing). */
export function withTrackBlocks<T extends TrackName>(
  project: Project,
  track: T,
  blocks: TrackBlockTypes[T][],
): Project {
  return { ...project, tracks: { ...project.tracks, [track]: { ...project.tracks[track], blocks } } };
}

/** Replaces one block in place (same track, same position). */
export function withBlockReplaced(project: Project, location: BlockLocation, block: Block): Project {
  const blocks: Block[] = [...project.tracks[location.track].blocks];
  blocks[location.index] = block;
  return withTrackBlocks(project, location.track, blocks as TrackBlockTypes[typeof location.track][]);
}
