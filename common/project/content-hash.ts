import { canonicalJson } from './canonical-json.js';
import type { Block, ProjectDefaults } from './project-schema.js';
import { resolveTextParams, spokenText } from './resolve-params.js';
import { sha256Hex } from './sha256.js';

/**
 * Bumped only if the hashed fields ever change meaning; every existing generated block would then turn stale,
 * which is the honest outcome.
 */
const HASH_DOMAIN = 'timbre-content/1';

/** The contract's "unset" seed: sending -1 and sending no seed ask for the same thing. */
const UNSET_SEED = -1;

/**
 * Hex SHA-256 of exactly what determines a block's audio: its type, its spoken text (trimmed) and its generation
 * parameters after project defaults are resolved. Studio fields (volume, pause, start time, fades, locked, the
 * generation state itself) are left out, so editing them never makes a block stale. The audio cache is keyed
 * by this value.
 *
 * Blocks and defaults are treated as immutable values (every edit operation returns new objects), which lets the
 * hash be memoised per block object: re-rendering a 2,000-block timeline does not rehash unchanged blocks.
 */
export function contentHash(block: Block, defaults: ProjectDefaults): string {
  const cached = memo.get(block);
  if (cached !== undefined && cached.defaults === defaults) return cached.hash;
  const hash = sha256Hex(`${HASH_DOMAIN}\n${canonicalJson(audioAffectingFields(block, defaults))}`);
  memo.set(block, { defaults, hash });
  return hash;
}

const memo = new WeakMap<Block, { defaults: ProjectDefaults; hash: string }>();

/** The fields contentHash covers, exposed so tests and debugging can see what a hash is made of. */
export function audioAffectingFields(block: Block, defaults: ProjectDefaults): Record<string, unknown> {
  switch (block.type) {
    case 'text': {
      const params = resolveTextParams(block, defaults);
      return {
        type: 'text',
        text: spokenText(block.text),
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
