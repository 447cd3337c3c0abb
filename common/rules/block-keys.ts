import { BLOCK_TYPE_KEYS, isBlockType } from './vocabulary.js';

/**
 * Keeps only the keys the block's type uses (and drops `undefined` values), so that what is sent is exactly
 * what the service will read. A block whose type is unknown keeps only its `type`, which validation reports.
 */
export function stripToTypeKeys<Block extends object>(block: Block): Partial<Block> {
  const source = block as Readonly<Record<string, unknown>>;
  const allowed: readonly string[] = isBlockType(source.type) ? BLOCK_TYPE_KEYS[source.type] : ['type'];
  const result: Record<string, unknown> = {};
  for (const key of allowed) {
    if (Object.hasOwn(source, key) && source[key] !== undefined) result[key] = source[key];
  }
  return result as Partial<Block>;
}

/**
 * Keys present on a block that its type does not use: the service would drop them without a word, so the
 * editor can warn ("`sfx_length` does nothing on a text block").
 */
export function unusedKeysForType(block: object): string[] {
  const source = block as Readonly<Record<string, unknown>>;
  if (!isBlockType(source.type)) return [];
  const allowed: readonly string[] = BLOCK_TYPE_KEYS[source.type];
  return Object.keys(source).filter((key) => !allowed.includes(key) && source[key] !== undefined);
}
