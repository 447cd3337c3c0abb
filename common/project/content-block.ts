import { stripToTypeKeys } from '../rules/index.js';
import type { Block, Project } from './project-schema.js';
import { resolveTextParams, sentText, spokenText } from './resolve-params.js';
import type { SendContext } from './send-context.js';
import { allBlocks } from './block-lookup.js';
import { contentHash } from './content-hash.js';

/**
 * A content block as it goes on the wire (contract section 2.3): `type` plus the keys that type uses. Its values
 * are what the user entered, so they may still break a rule: run validateProject first; a block without
 * violations satisfies the rules' ContentBlock.
 */
export type WireContentBlock = { readonly type: Block['type'] } & { readonly [field: string]: unknown };

/**
 * The wire form of a block: its speaker and the project defaults resolved (voiceId, promptId, preset, language, speechRate), text
 * trimmed, and stripped to the keys of its type so nothing is silently dropped by the service. A text block
 * whose voice is not chosen yet has no voiceId (validation reports it as required).
 */
export function toContentBlock(block: Block, context: SendContext): WireContentBlock {
  switch (block.type) {
    case 'text': {
      const params = resolveTextParams(block, context);
      return strip({
        type: 'text',
        text: sentText(block, context, params),
        ...params,
        voiceId: params.voiceId ?? undefined,
      });
    }
    case 'sfx':
    case 'music':
      return strip({
        type: block.type,
        text: spokenText(block.text),
        sfx_length: block.sfx_length,
        seed: block.seed,
      });
    default:
      // Passthrough blocks keep the fields they arrived with; `type` comes last so params cannot change it.
      return strip({ ...block.params, type: block.type });
  }
}

function strip(block: { type: Block['type'] } & Record<string, unknown>): WireContentBlock {
  return { ...stripToTypeKeys(block), type: block.type };
}

/** One entry of a generation request, with the hash the resulting audio will be filed under. */
export interface ProjectContent {
  blockId: string;
  contentHash: string;
  content: WireContentBlock;
}

/**
 * The wire blocks of the given blocks (or all blocks: speech track in order, then effects, then music), each with
 * its content hash, ready for a `contents` task request.
 */
export function projectContents(
  project: Project,
  context: SendContext,
  blockIds?: readonly string[],
): ProjectContent[] {
  const all = allBlocks(project);
  const wanted = blockIds === undefined ? all : all.filter((block) => blockIds.includes(block.id));
  return wanted.map((block) => ({
    blockId: block.id,
    contentHash: contentHash(block, context),
    content: toContentBlock(block, context),
  }));
}
