import { contentsInvalid } from '../http/service-error.js';
import type { VoiceRecord } from '../state/schema.js';
import { styleOf } from '../voices/voice-registry.js';
import {
  CONTENT_TYPES,
  KEYS_BY_CONTENT_TYPE,
  LANGUAGES,
  MAX_CONTENT_BLOCKS,
  MAX_TEXT_BLOCK_CHARACTERS,
  PRESETS,
  RANGES,
  type ContentType,
} from '../wire-choices.js';

export interface ContentContext {
  /** The usable voice a block's `voiceId` names for this user, or undefined. */
  resolveVoice(voiceId: string): VoiceRecord | undefined;
  /** The disk path of an audio URL this stand-in issued, or undefined. */
  resolveIssuedAudio(url: string): string | undefined;
}

export interface ValidatedContents {
  /** Blocks with the keys of their type only, in submission order. */
  blocks: Record<string, unknown>[];
  /** Voices used, each once, in order of first use. */
  voices: VoiceRecord[];
  characters: number;
}

const BOOLEAN_KEYS = new Set(['break_clone', 'vivid', 'flash', 'stream']);
const NEEDS_AUDIO: readonly ContentType[] = ['audio', 'custom_audio', 'stem_separation'];

/**
 * Validates `contents` as the contract asks: any invalid value → one 400 TTS_CONTENTS_INVALID that does not name
 * the field on the wire (the ledger keeps which block and field, for tests); keys outside the block type's list
 * are dropped silently before validation, so a bad value under a dropped key is no error.
 */
export function validateContents(raw: unknown, context: ContentContext): ValidatedContents {
  if (!Array.isArray(raw)) throw contentsInvalid('contents: must be an array');
  if (raw.length === 0) throw contentsInvalid('contents: must hold at least one block');
  if (raw.length > MAX_CONTENT_BLOCKS)
    throw contentsInvalid(`contents: at most ${MAX_CONTENT_BLOCKS} blocks`);
  const voices = new Map<string, VoiceRecord>();
  let characters = 0;
  const blocks = raw.map((block: unknown, index) => {
    const where = `contents[${index}]`;
    if (typeof block !== 'object' || block === null || Array.isArray(block)) {
      throw contentsInvalid(`${where}: must be an object`);
    }
    const source = block as Record<string, unknown>;
    const type = source.type;
    if (typeof type !== 'string' || !(CONTENT_TYPES as readonly string[]).includes(type)) {
      throw contentsInvalid(`${where}.type: must be one of ${CONTENT_TYPES.join(', ')}`);
    }
    const contentType = type as ContentType;
    const kept: Record<string, unknown> = {};
    for (const key of KEYS_BY_CONTENT_TYPE[contentType]) {
      if (source[key] !== undefined) kept[key] = source[key];
    }
    const voice = validateBlock(kept, contentType, where, context);
    if (voice) voices.set(voice.id, voice);
    if (typeof kept.text === 'string') characters += [...kept.text].length;
    return kept;
  });
  return { blocks, voices: [...voices.values()], characters };
}

function validateBlock(
  block: Record<string, unknown>,
  type: ContentType,
  where: string,
  context: ContentContext,
): VoiceRecord | undefined {
  const fail = (key: string, rule: string) => contentsInvalid(`${where}.${key}: ${rule}`);
  for (const [key, value] of Object.entries(block)) {
    if (BOOLEAN_KEYS.has(key) && typeof value !== 'boolean') throw fail(key, 'must be a boolean');
  }
  if (block.text !== undefined) {
    if (typeof block.text !== 'string') throw fail('text', 'must be a string');
    if ([...block.text].length > MAX_TEXT_BLOCK_CHARACTERS) {
      throw fail('text', `must be at most ${MAX_TEXT_BLOCK_CHARACTERS} characters`);
    }
  }
  const needsText = type === 'text' || type === 'sfx' || type === 'music' || type === 'scene';
  if (needsText && (typeof block.text !== 'string' || block.text.trim() === '')) {
    throw fail('text', `is required and must not be blank for a ${type} block`);
  }
  if (block.language !== undefined && !(LANGUAGES as readonly unknown[]).includes(block.language)) {
    throw fail('language', `must be one of ${LANGUAGES.join(', ')}`);
  }
  if (block.preset !== undefined && !(PRESETS as readonly unknown[]).includes(block.preset)) {
    throw fail('preset', `must be one of ${PRESETS.join(', ')}`);
  }
  if (block.emo_switch !== undefined)
    validateEmoSwitch(block.emo_switch, () => fail('emo_switch', 'must be exactly 5 numbers, each 0 to 10'));
  checkRange(block, 'speechRate', RANGES.speechRate, fail);
  checkRange(block, 'mos_score', RANGES.mosScore, fail);
  checkRange(block, 'sfx_length', RANGES.sfxLengthS, fail);
  if (block.seed !== undefined) {
    const seed = block.seed;
    const valid =
      typeof seed === 'number' &&
      Number.isInteger(seed) &&
      (seed === RANGES.seed.unset || (seed >= RANGES.seed.min && seed <= RANGES.seed.max));
    if (!valid) throw fail('seed', `must be -1 or an integer ${RANGES.seed.min}..${RANGES.seed.max}`);
  }
  if (NEEDS_AUDIO.includes(type)) {
    if (typeof block.audio !== 'string' || context.resolveIssuedAudio(block.audio) === undefined) {
      throw fail('audio', 'must be the URL of audio issued by this service');
    }
  }
  let voice: VoiceRecord | undefined;
  if (type === 'text' && block.voiceId === undefined) throw fail('voiceId', 'is required for a text block');
  if (block.voiceId !== undefined) {
    if (typeof block.voiceId !== 'string') throw fail('voiceId', 'must be a string');
    voice = context.resolveVoice(block.voiceId);
    if (!voice) throw fail('voiceId', 'must name a finished voice of this account or the market');
  }
  if (block.promptId !== undefined) {
    if (typeof block.promptId !== 'string') throw fail('promptId', 'must be a string');
    if (voice && !styleOf(voice, block.promptId)) throw fail('promptId', "must be one of the voice's styles");
  }
  return voice;
}

function validateEmoSwitch(value: unknown, fail: () => Error): void {
  const { count, min, max } = RANGES.emoSwitch;
  if (!Array.isArray(value) || value.length !== count) throw fail();
  for (const item of value) {
    if (typeof item !== 'number' || !Number.isFinite(item) || item < min || item > max) throw fail();
  }
}

function checkRange(
  block: Record<string, unknown>,
  key: string,
  range: { min: number; max: number },
  fail: (key: string, rule: string) => Error,
): void {
  const value = block[key];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw fail(key, `must be a number in ${range.min}..${range.max}`);
  }
}
