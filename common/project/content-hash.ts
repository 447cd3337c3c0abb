import { blockMemo, knownBlockMemo } from './block-memo.js';
import { canonicalJson } from './canonical-json.js';
import type { Block } from './project-schema.js';
import { resolveTextParams, sentText, spokenText } from './resolve-params.js';
import type { SendContext } from './send-context.js';
import { sha256Hex } from './sha256.js';

/**
 * Bumped only if the hashed fields ever change meaning; every existing generated block would then turn stale,
 * which is the honest outcome.
 */
const HASH_DOMAIN = 'timbre-content/1';

/** The contract's "unset" seed: sending -1 and sending no seed ask for the same thing. */
const UNSET_SEED = -1;

/**
 * Hex SHA-256 of exactly what determines a block's audio: its type, its text as sent (trimmed, pronunciation
 * rules applied) and its generation parameters after its speaker and the project defaults are resolved. Studio fields (volume, pause, start time, fades, locked, the
 * generation state itself) are left out, so editing them never makes a block stale. The audio cache is keyed
 * by this value.
 *
 * Blocks and defaults are treated as immutable values (every edit operation returns new objects), which lets the
 * hash be memoised per block object: re-rendering a 2,000-block timeline does not rehash unchanged blocks.
 */
export function contentHash(block: Block, context: SendContext): string {
  const memo = blockMemo(block);
  const cached = memo.hash;
  if (cached !== undefined && cached.context === context) return cached.hash;
  const hash = sha256Hex(`${HASH_DOMAIN}\n${canonicalJson(audioAffectingFields(block, context))}`);
  memo.hash = { context, hash };
  return hash;
}

/** Whether contentHash(block, context) is already known, so asking for it costs nothing. */
export function hasContentHash(block: Block, context: SendContext): boolean {
  return knownBlockMemo(block)?.hash?.context === context;
}

/** The fields contentHash covers, exposed so tests and debugging can see what a hash is made of. */
export function audioAffectingFields(block: Block, context: SendContext): Record<string, unknown> {
  switch (block.type) {
    case 'text': {
      const params = resolveTextParams(block, context);
      return {
        type: 'text',
        text: sentText(block, context, params),
        ...params,
        seed: params.seed === UNSET_SEED ? undefined : params.seed,
      };
    }
    case 'sfx':
    case 'music':
      return {
        type: block.type,
        text: spokenText(block.text),
        sfx_length: block.sfx_length,
        seed: block.seed === UNSET_SEED ? undefined : block.seed,
      };
    default:
      // The contract does not list what these types use, so every wire field counts.
      return { type: block.type, params: block.params };
  }
}
