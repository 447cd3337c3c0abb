import { randomId, createTextBlock, type IdFactory } from './block-factory.js';
import { insertBlock, updateBlock } from './block-edits.js';
import { ProjectEditError } from './edit-error.js';
import { projectMetadataSchema } from './project-metadata.js';
import type { Block, Project, TextBlock } from './project-schema.js';

export type CreditsKind = NonNullable<TextBlock['credits']>;

/** The chapter a credits block starts when the user has not named it otherwise (and its timeline label). */
export const CREDITS_TITLES: Readonly<Record<CreditsKind, string>> = {
  opening: 'Opening Credits',
  closing: 'Closing Credits',
};

const KINDS: readonly CreditsKind[] = ['opening', 'closing'];

/** Whether a block is the book's opening or closing credits: retail samples and excerpts leave these out. */
export function isCreditsBlock(block: Block): block is TextBlock & { credits: CreditsKind } {
  return block.type === 'text' && block.credits !== undefined;
}

/** The project's credits block of a kind (the first, should a paste have made two). */
export function creditsBlock(project: Project, kind: CreditsKind): TextBlock | undefined {
  for (const block of project.tracks.speech.blocks) {
    if (isCreditsBlock(block) && block.credits === kind) return block;
  }
  return undefined;
}

/** Which credits the project holds, for the pre-flight of a retailer that requires them. */
export function creditsPresent(project: Project): { opening: boolean; closing: boolean } {
  return {
    opening: creditsBlock(project, 'opening') !== undefined,
    closing: creditsBlock(project, 'closing') !== undefined,
  };
}

/**
 * The credits blocks whose text the new credits would replace: they exist and say something else (the user
 * edited them, or the metadata changed). The command asks before replacing these; it never asks to add credits.
 */
export function creditsToReplace(
  project: Project,
  text: Readonly<Record<CreditsKind, string>>,
): CreditsKind[] {
  return KINDS.filter((kind) => {
    const block = creditsBlock(project, kind);
    return block !== undefined && block.text !== text[kind];
  });
}

/**
 * Opening and closing credits as ordinary text blocks read by the narrator: a missing one is added (the opening
 * first on the speech track, the closing last, each starting a chapter of its own), an existing one gets the new
 * text where it stands, so running the command again never makes duplicates. A locked credits block is refused
 * by updateBlock with its rule, like any edit of a locked block.
 */
export function applyCredits(
  project: Project,
  text: Readonly<Record<CreditsKind, string>>,
  newId: IdFactory = randomId,
): Project {
  let next = project;
  for (const kind of KINDS) {
    const existing = creditsBlock(next, kind);
    if (existing !== undefined) {
      if (existing.text !== text[kind]) next = updateBlock(next, existing.id, { text: text[kind] });
      continue;
    }
    const block = createTextBlock(
      { text: text[kind], credits: kind, chapterTitle: CREDITS_TITLES[kind] },
      newId,
    );
    next = insertBlock(next, block, kind === 'opening' ? { index: 0 } : {});
  }
  return next;
}

/**
 * The work's author, narrator and copyright line as the credits dialog gives them, kept in the project's metadata
 * (an export's tags take the author and narrator too): an empty field is removed. A value the metadata refuses is
 * refused with the field and its rule, and nothing changes.
 */
export function withCreditsMetadata(
  project: Project,
  given: { readonly author: string; readonly narrator: string; readonly copyright: string },
): Project {
  const { author: _author, narrator: _narrator, copyright: _copyright, ...kept } = project.metadata ?? {};
  const metadata = {
    ...kept,
    ...(given.author.trim() ? { author: given.author.trim() } : {}),
    ...(given.narrator.trim() ? { narrator: given.narrator.trim() } : {}),
    ...(given.copyright.trim() ? { copyright: given.copyright.trim() } : {}),
  };
  const checked = projectMetadataSchema.safeParse(metadata);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = String(issue.path[0] ?? 'metadata');
    throw new ProjectEditError({ field, rule: 'out-of-range', message: `The ${field} ${issue.message}.` });
  }
  const { metadata: _old, ...rest } = project;
  return Object.keys(checked.data).length === 0 ? rest : { ...rest, metadata: checked.data };
}
