import { z } from 'zod';
import type { SendContext } from './send-context.js';
import type { IdFactory } from './block-factory.js';
import { randomId } from './block-factory.js';
import { copyOfBlock } from './block-copies.js';
import { requireBlock } from './block-lookup.js';
import { insertBlocks, STUDIO_LIMITS } from './block-edits.js';
import { contentHash } from './content-hash.js';
import { ProjectEditError } from './edit-error.js';
import { describeFirstIssue } from './issue-path.js';
import {
  musicBlockSchema,
  projectDefaultsSchema,
  sfxBlockSchema,
  speechTrackBlockSchema,
} from './project-schema.js';
import type { Block, Project, ProjectDefaults, TextBlock } from './project-schema.js';
import { DEFAULTABLE_TEXT_FIELDS } from './resolve-params.js';
import type { DefaultableTextField } from './resolve-params.js';

/** Marks clipboard text as Timbre blocks, so pasting ordinary text is told apart. */
export const CLIPBOARD_FORMAT = 'timbre-studio/blocks';

const clipboardSchema = z.strictObject({
  format: z.literal(CLIPBOARD_FORMAT),
  version: z.literal(1),
  sourceProjectId: z.string(),
  /** The source project's defaults, so a paste elsewhere can keep the blocks' voice if asked to. */
  defaults: projectDefaultsSchema,
  blocks: z.array(z.union([speechTrackBlockSchema, sfxBlockSchema, musicBlockSchema])),
});

export type ClipboardBlocks = z.infer<typeof clipboardSchema>;

/** Serialises blocks for the clipboard, in timeline order (speech order, then effects, then music). */
export function copyBlocks(project: Project, blockIds: readonly string[]): string {
  for (const id of blockIds) requireBlock(project, id);
  const wanted = new Set(blockIds);
  const blocks: Block[] = [
    ...project.tracks.speech.blocks,
    ...project.tracks.effects.blocks,
    ...project.tracks.music.blocks,
  ].filter((block) => wanted.has(block.id));
  const payload: ClipboardBlocks = {
    format: CLIPBOARD_FORMAT,
    version: 1,
    sourceProjectId: project.id,
    defaults: project.defaults,
    blocks,
  };
  return JSON.stringify(payload);
}

/** Whether clipboard text holds Timbre blocks (otherwise the editor may treat it as a script to split). */
export function isClipboardBlocks(text: string): boolean {
  return readClipboardBlocks(text) !== undefined;
}

/** The blocks in clipboard text, or undefined when it is not (valid) Timbre block data. */
export function readClipboardBlocks(text: string): ClipboardBlocks | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = clipboardSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export interface PasteOptions {
  /** Speech blocks go after this block (default: the end of the speech track). */
  afterId?: string;
  /** sfx/music blocks are shifted so the earliest starts here (default: their original start times). */
  atMs?: number;
  /**
   * Keep the voice, style, preset, language and rate the blocks had in their source project by writing the
   * source defaults into the blocks as overrides. Default false: pasted text adopts this project's defaults.
   */
  keepSourceVoice?: boolean;
}

/**
 * Pastes clipboard blocks. Every block gets a fresh id and is a copy as Duplicate makes one (copyOfBlock); a block keeps its generation state only when its content
 * hash in this project still equals the stored one (same text and effective parameters), otherwise it starts
 * not generated.
 */
export function pasteBlocks(
  project: Project,
  context: SendContext,
  clipboardText: string,
  options: PasteOptions = {},
  newId: IdFactory = randomId,
): Project {
  const clipboard = parseClipboard(clipboardText);
  if (options.afterId !== undefined) requireBlock(project, options.afterId);
  const placedStarts = clipboard.blocks.flatMap((block) => ('startMs' in block ? [block.startMs] : []));
  const shift =
    options.atMs === undefined || placedStarts.length === 0 ? 0 : options.atMs - Math.min(...placedStarts);

  const blocks = clipboard.blocks.map((source): Block => {
    let block: Block = copyOfBlock(source, newId());
    if (options.keepSourceVoice === true && block.type === 'text') {
      block = { ...block, ...sourceOverrides(block, clipboard.defaults, project.defaults) };
    }
    if (block.type === 'sfx' || block.type === 'music') {
      const startMs = Math.min(STUDIO_LIMITS.startMs.max, Math.max(0, Math.round(block.startMs + shift)));
      block = { ...block, startMs };
    }
    const generation = block.generation;
    if (generation.kind !== 'not-generated' && generation.contentHash !== contentHash(block, context)) {
      block = { ...block, generation: { kind: 'not-generated' } };
    }
    return block;
  });
  return insertBlocks(project, blocks, options.afterId === undefined ? {} : { afterId: options.afterId });
}

function parseClipboard(text: string): ClipboardBlocks {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProjectEditError({
      field: 'clipboard',
      rule: 'invalid-clipboard',
      message: 'The clipboard does not hold Timbre Studio blocks.',
    });
  }
  const parsed = clipboardSchema.safeParse(data);
  if (!parsed.success) {
    const { fieldPath, problem } = describeFirstIssue(parsed.error);
    throw new ProjectEditError({
      field: `clipboard.${fieldPath}`,
      rule: 'invalid-clipboard',
      message: `The clipboard does not hold valid Timbre Studio blocks: ${fieldPath} ${problem}.`,
    });
  }
  return parsed.data;
}

/** Source defaults that differ from the target's, for the fields the block leaves to its project. */
function sourceOverrides(
  block: TextBlock,
  source: ProjectDefaults,
  target: ProjectDefaults,
): Partial<Pick<TextBlock, DefaultableTextField>> {
  const overrides: Record<string, string | number> = {};
  for (const field of DEFAULTABLE_TEXT_FIELDS) {
    const value = source[field];
    if (block[field] === undefined && value !== null && value !== target[field]) overrides[field] = value;
  }
  return overrides as Partial<Pick<TextBlock, DefaultableTextField>>;
}
