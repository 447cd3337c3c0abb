import type { IdFactory } from '../project/block-factory.js';
import { createTextBlock, randomId } from '../project/block-factory.js';
import { addSpeaker } from '../project/cast-edits.js';
import { isCreditsBlock } from '../project/credits-blocks.js';
import { ProjectEditError } from '../project/edit-error.js';
import { projectSizeProblem } from '../project/project-limits.js';
import type { Project, SpeechTrackBlock, TextBlock } from '../project/project-schema.js';
import type { ImportBlock } from './imported-script.js';
import { speechTimingOf } from './import-project.js';
import type { RevisionChange, RevisionChangeKind } from './revision-match.js';
import { matchRevision } from './revision-match.js';

/** A revised manuscript matched to a project: what the diff shows, and what applying it does. */
export interface RevisionPlan {
  /** The project's text blocks in speech-track order (`RevisionChange.old` indexes these). */
  readonly blocks: readonly TextBlock[];
  /** The revision's paragraphs as the importer cut them (`RevisionChange.new` indexes these). */
  readonly paragraphs: readonly ImportBlock[];
  readonly changes: readonly RevisionChange[];
}

/**
 * The project's text blocks in speech-track order: what a revision is matched against. Credits are not the
 * manuscript's text: they are left out, and stay first and last (applyRevision).
 */
export function revisionBlocks(project: Project): TextBlock[] {
  return project.tracks.speech.blocks.filter(
    (block): block is TextBlock => block.type === 'text' && !isCreditsBlock(block),
  );
}

export function planRevision(project: Project, paragraphs: readonly ImportBlock[]): RevisionPlan {
  const blocks = revisionBlocks(project);
  const changes = matchRevision(
    blocks.map((block) => block.text),
    paragraphs.map((paragraph) => paragraph.text),
  );
  return { blocks, paragraphs, changes };
}

/** Whether applying leaves this change's blocks as they are: a locked block keeps its text, place and audio. */
export function keptLocked(plan: RevisionPlan, change: RevisionChange): boolean {
  if (change.kind === 'unchanged' || change.kind === 'moved' || change.kind === 'added') return false;
  return change.old.some((index) => plan.blocks[index]?.locked === true);
}

/** How many changes of each kind, and how many a locked block holds back. */
export function revisionCounts(plan: RevisionPlan): Record<RevisionChangeKind | 'locked', number> {
  const counts = { unchanged: 0, moved: 0, changed: 0, split: 0, merged: 0, added: 0, removed: 0, locked: 0 };
  for (const change of plan.changes) {
    counts[change.kind] += 1;
    if (keptLocked(plan, change)) counts.locked += 1;
  }
  return counts;
}

/**
 * The project with the revision applied, as one edit (the editor's undo takes it back whole):
 * - unchanged and moved blocks are the same block objects, so their takes, audio, parameters, speaker, timing and
 *   chapter mark stay, and no audio turns stale;
 * - a changed block keeps its id, speaker, voice and parameters with the new text, so its takes stay but are of
 *   other content (stale until generated again; typing the old text back would bring them back);
 * - a split keeps the block for the first paragraph and adds a block with its speaker and parameters for the
 *   second (as the editor's Split does); a merge keeps the first block with the joined text and the second's pause;
 * - an added paragraph becomes a block as the importer makes one (its speaker found in the cast by name, or added
 *   to it; its chapter title, pause and cue time);
 * - a removed block goes; a chapter mark it carried moves to the block now in its place, if that has none;
 * - a locked block is kept exactly as it is (its change is not applied);
 * - read-only blocks (audio, scene…) stay after the text block they followed.
 * The effects and music tracks, lexicon, metadata, video and defaults are not touched.
 */
export function applyRevision(project: Project, plan: RevisionPlan, newId: IdFactory = randomId): Project {
  let next = project;
  const speakerIds = new Map(project.cast.map((speaker) => [speaker.name.toLowerCase(), speaker.id]));
  const speakerIdOf = (name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    const known = speakerIds.get(name.toLowerCase());
    if (known !== undefined) return known;
    const added = addSpeaker(next, { name }, newId);
    next = added.project;
    speakerIds.set(name.toLowerCase(), added.speaker.id);
    return added.speaker.id;
  };

  const { leading, following } = readOnlyNeighbours(project);
  const credits = project.tracks.speech.blocks.filter(isCreditsBlock);
  const out: SpeechTrackBlock[] = [...credits.filter((block) => block.credits === 'opening'), ...leading];
  let orphanChapter: string | undefined;
  const emit = (block: TextBlock, chapterTitle?: string): void => {
    const title = block.chapterTitle ?? chapterTitle ?? orphanChapter;
    orphanChapter = undefined;
    out.push(title === block.chapterTitle ? block : { ...block, chapterTitle: title });
  };
  const emitOld = (index: number): void => {
    const block = plan.blocks[index]!;
    emit(block);
    out.push(...(following.get(block.id) ?? []));
  };
  const paragraph = (index: number): ImportBlock => plan.paragraphs[index]!;

  for (const change of plan.changes) {
    const olds = change.old.map((index) => plan.blocks[index]!);
    const [first, second] = olds;
    if (keptLocked(plan, change)) {
      change.old.forEach(emitOld);
      continue;
    }
    switch (change.kind) {
      case 'unchanged':
      case 'moved':
        emit(first!, paragraph(change.new[0]!).chapterTitle);
        out.push(...(following.get(first!.id) ?? []));
        break;
      case 'changed':
        emit(withRevisedText(first!, paragraph(change.new[0]!).text), paragraph(change.new[0]!).chapterTitle);
        out.push(...(following.get(first!.id) ?? []));
        break;
      case 'split': {
        const [head, tail] = change.new.map(paragraph) as [ImportBlock, ImportBlock];
        emit(withRevisedText(first!, head.text), head.chapterTitle);
        emit(splitOff(first!, tail, newId), tail.chapterTitle);
        out.push(...(following.get(first!.id) ?? []));
        break;
      }
      case 'merged': {
        const merged = paragraph(change.new[0]!);
        emit(
          { ...withRevisedText(first!, merged.text), pauseAfterMs: second!.pauseAfterMs },
          merged.chapterTitle,
        );
        out.push(...(following.get(first!.id) ?? []), ...(following.get(second!.id) ?? []));
        break;
      }
      case 'added': {
        const added = paragraph(change.new[0]!);
        const speakerId = speakerIdOf(added.speaker);
        emit(
          createTextBlock(
            {
              text: added.text,
              ...(speakerId !== undefined ? { speakerId } : {}),
              ...(added.pauseAfterMs !== undefined ? { pauseAfterMs: added.pauseAfterMs } : {}),
              ...(added.timing ? { timing: speechTimingOf(added.timing) } : {}),
            },
            newId,
          ),
          added.chapterTitle,
        );
        break;
      }
      case 'removed':
        orphanChapter = first!.chapterTitle ?? orphanChapter;
        out.push(...(following.get(first!.id) ?? []));
        break;
    }
  }
  out.push(...credits.filter((block) => block.credits === 'closing'));
  checkSize(next, out);
  return { ...next, tracks: { ...next.tracks, speech: { ...next.tracks.speech, blocks: out } } };
}

/** The block with the revision's text; a mark to rewrite it shorter goes, as when the user edits the text. */
function withRevisedText(block: TextBlock, text: string): TextBlock {
  if (text === block.text) return block;
  if (block.timing?.rewrite !== true) return { ...block, text };
  const { rewrite: _cleared, ...timing } = block.timing;
  return { ...block, text, timing };
}

/** The second paragraph of a split: the block's speaker and parameters, no takes, no time of its own (it flows). */
function splitOff(block: TextBlock, paragraph: ImportBlock, newId: IdFactory): TextBlock {
  const {
    chapterTitle: _chapter,
    takes: _takes,
    pinnedTake: _pinned,
    timing: _timing,
    generation: _generation,
    ...rest
  } = block;
  return {
    ...rest,
    id: newId(),
    text: paragraph.text,
    locked: false,
    generation: { kind: 'not-generated' },
    ...(paragraph.pauseAfterMs !== undefined ? { pauseAfterMs: paragraph.pauseAfterMs } : {}),
  };
}

/** The read-only speech blocks before the first text block, and those after each text block, by its id. */
function readOnlyNeighbours(project: Project): {
  leading: SpeechTrackBlock[];
  following: Map<string, SpeechTrackBlock[]>;
} {
  const leading: SpeechTrackBlock[] = [];
  const following = new Map<string, SpeechTrackBlock[]>();
  let owner: string | undefined;
  for (const block of project.tracks.speech.blocks) {
    if (isCreditsBlock(block)) continue;
    if (block.type === 'text') {
      owner = block.id;
      continue;
    }
    if (owner === undefined) leading.push(block);
    else following.set(owner, [...(following.get(owner) ?? []), block]);
  }
  return { leading, following };
}

function checkSize(project: Project, speech: readonly SpeechTrackBlock[]): void {
  const { effects, music } = project.tracks;
  const characters = speech.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
  const problem = projectSizeProblem(speech.length + effects.blocks.length + music.blocks.length, characters);
  if (problem !== null) {
    throw new ProjectEditError({
      field: 'revision',
      rule: 'out-of-range',
      message: `The revised manuscript was not applied: with it the project ${problem}`,
    });
  }
}
