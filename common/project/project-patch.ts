import { z } from 'zod';
import { describeFirstIssue, formatPath } from './issue-path.js';
import {
  musicBlockSchema,
  projectSchema,
  projectWideIssues,
  sfxBlockSchema,
  speechTrackBlockSchema,
  TRACK_NAMES,
  type Project,
  type TrackName,
} from './project-schema.js';

/**
 * What an autosave sends instead of the whole project: the project with its tracks emptied (title, cast, lexicon,
 * defaults: all small), and per track only the blocks that changed since the version main last wrote, plus the
 * order of the track's block ids when blocks were added, removed or moved. An audiobook of 10,000 blocks is 7.5 MB
 * of JSON; one edited block is a few hundred bytes, so the page no longer serialises and sends megabytes on every
 * save. Main rebuilds the project from the version it wrote and checks it (`patchedProject`).
 *
 * Unchanged blocks are found by identity: the editor's edits replace the objects they change and keep the others.
 */

const trackPatch = <Block extends z.ZodType<{ id: string }>>(block: Block) =>
  z.strictObject({
    /** Every block id of the track in order; absent when the order and membership are unchanged. */
    ids: z.array(z.string()).optional(),
    changed: z.array(block),
  });

export const projectPatchSchema = z.strictObject({
  /** The project with every track's blocks left out. */
  skeleton: projectSchema,
  tracks: z.strictObject({
    speech: trackPatch(speechTrackBlockSchema),
    effects: trackPatch(sfxBlockSchema),
    music: trackPatch(musicBlockSchema),
  }),
});
export type ProjectPatch = z.infer<typeof projectPatchSchema>;

type TrackBlock<Name extends TrackName> = Project['tracks'][Name]['blocks'][number];

/** The changes that turn `base` into `next`; `changedBlocks` counts the blocks it carries. */
export function projectPatch(base: Project, next: Project): { patch: ProjectPatch; changedBlocks: number } {
  const speech = trackChanges(base.tracks.speech.blocks, next.tracks.speech.blocks);
  const effects = trackChanges(base.tracks.effects.blocks, next.tracks.effects.blocks);
  const music = trackChanges(base.tracks.music.blocks, next.tracks.music.blocks);
  const skeleton: Project = {
    ...next,
    tracks: { speech: { blocks: [] }, effects: { blocks: [] }, music: { blocks: [] } },
  };
  return {
    patch: { skeleton, tracks: { speech, effects, music } },
    changedBlocks: speech.changed.length + effects.changed.length + music.changed.length,
  };
}

function trackChanges<Block extends { id: string }>(
  base: readonly Block[],
  next: readonly Block[],
): { ids?: string[]; changed: Block[] } {
  const changed: Block[] = [];
  let sameOrder = base.length === next.length;
  // Most saves follow an edit in place: walk both in step, and only index the base when the order differs.
  let baseById: Map<string, Block> | undefined;
  next.forEach((block, index) => {
    const atSamePlace = base[index];
    if (atSamePlace === block) return;
    if (atSamePlace?.id !== block.id) {
      sameOrder = false;
      baseById ??= new Map(base.map((candidate) => [candidate.id, candidate]));
      if (baseById.get(block.id) === block) return;
    }
    changed.push(block);
  });
  return sameOrder ? { changed } : { ids: next.map((block) => block.id), changed };
}

export type PatchedProject =
  | { ok: true; project: Project }
  /** `invalid`: the patch breaks the schema; `stale`: it was not made against `checkedBase`. */
  | { ok: false; problem: 'invalid' | 'stale'; message: string };

/**
 * The project a patch makes of `checkedBase`, checked as a whole project is (writeProjectFile) for the cost of the
 * changed blocks: `checkedBase` is a project the schema passed (main keeps the version it read or wrote), the patch
 * is parsed here, and only the rules spanning blocks run on the result. Its fields come in the schema's order, as
 * a parsed project's do, so it serialises to the same bytes. Parsing all 10,000 blocks of a book again took
 * ~65–95 ms of every autosave.
 */
export function patchedProject(checkedBase: Project, patch: ProjectPatch): PatchedProject {
  const parsed = projectPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const { fieldPath, problem } = describeFirstIssue(parsed.error);
    return { ok: false, problem: 'invalid', message: `The changes are invalid: ${fieldPath} ${problem}.` };
  }
  let project: Project;
  try {
    project = applyProjectPatch(checkedBase, parsed.data);
  } catch (error) {
    return { ok: false, problem: 'stale', message: error instanceof Error ? error.message : String(error) };
  }
  const [issue] = projectWideIssues(project);
  if (issue !== undefined) {
    return {
      ok: false,
      problem: 'invalid',
      message: `Refusing to save an invalid project: ${formatPath(issue.path)} ${issue.message}.`,
    };
  }
  return { ok: true, project };
}

/** Rebuilds the project a patch describes from the version it was made against; throws if they do not match. */
export function applyProjectPatch(base: Project, patch: ProjectPatch): Project {
  const tracks = Object.fromEntries(
    TRACK_NAMES.map((name) => [
      name,
      { blocks: applyTrack(name, base.tracks[name].blocks, patch.tracks[name]) },
    ]),
  ) as Project['tracks'];
  return { ...patch.skeleton, tracks };
}

function applyTrack<Name extends TrackName>(
  name: Name,
  base: readonly TrackBlock<Name>[],
  change: { ids?: string[] | undefined; changed: readonly TrackBlock<Name>[] },
): TrackBlock<Name>[] {
  const changedById = new Map(change.changed.map((block) => [block.id, block]));
  if (change.ids === undefined) {
    const blocks = base.map((block) => changedById.get(block.id) ?? block);
    if (
      changedById.size > 0 &&
      blocks.filter((block) => changedById.has(block.id)).length !== changedById.size
    )
      throw new Error(`tracks.${name}: the changes name blocks the saved project does not have`);
    return blocks;
  }
  const baseById = new Map(base.map((block) => [block.id, block]));
  return change.ids.map((id) => {
    const block = changedById.get(id) ?? baseById.get(id);
    if (!block) throw new Error(`tracks.${name}: block "${id}" is neither changed nor in the saved project`);
    return block;
  });
}
