import { checkPlatformAudioUrl, originOf } from './platform-url.js';
import type { RuleId, RuleViolation } from './violation.js';
import type { BlockType, Language, Preset } from './vocabulary.js';
import {
  BLOCK_REQUIRED_KEYS,
  BLOCK_TYPE_KEYS,
  BLOCK_TYPES,
  EMO_SWITCH_LENGTH,
  LANGUAGES,
  PRESETS,
  RANGES,
  SEED_MAX,
  SEED_UNSET,
  isBlockType,
  isLanguage,
  isPreset,
} from './vocabulary.js';

/** A content block as sent on the wire (every field optional except `type`; which apply depends on `type`). */
export interface ContentBlock {
  type: BlockType;
  voiceId?: string;
  text?: string;
  promptId?: string;
  preset?: Preset;
  break_clone?: boolean;
  language?: Language;
  vivid?: boolean;
  emo_switch?: number[];
  speechRate?: number;
  flash?: boolean;
  stream?: boolean;
  seed?: number;
  mos_score?: number;
  sfx_length?: number;
  audio?: string;
}

export interface RuleOptions {
  /**
   * Base URL (or origin) of the service the request goes to. When given, block audio URLs must share its
   * origin; without it only their syntax is checked.
   */
  serviceOrigin?: string;
  /** Further origins whose URLs the platform issued (e.g. a CDN it serves files from). */
  extraAudioOrigins?: readonly string[];
}

type FieldCheck = (value: unknown, context: BlockContext) => Problem | null;
interface Problem {
  rule: RuleId;
  /** Completes "Block 4 (text): `field` …". */
  detail: string;
}
interface BlockContext {
  audioOrigins: readonly string[];
}

const BOOLEAN_FIELDS = ['break_clone', 'vivid', 'flash', 'stream'] as const;

const FIELD_CHECKS: Record<string, FieldCheck> = {
  voiceId: uuidString,
  text: (value) => (typeof value === 'string' ? null : wrongType('a string')),
  promptId: nonEmptyString,
  preset: (value) =>
    isPreset(value) ? null : { rule: 'not-in-list', detail: `must be one of ${PRESETS.join(', ')}` },
  language: (value) =>
    isLanguage(value)
      ? null
      : {
          rule: 'not-in-list',
          detail: `must be "auto" or one of the listed languages (${LANGUAGES.slice(1).join(', ')})`,
        },
  emo_switch: checkEmoSwitch,
  speechRate: rangeCheck(RANGES.speechRate.min, RANGES.speechRate.max),
  mos_score: rangeCheck(RANGES.mos_score.min, RANGES.mos_score.max),
  sfx_length: rangeCheck(RANGES.sfx_length.min, RANGES.sfx_length.max, ' seconds'),
  seed: checkSeed,
  audio: checkAudio,
  ...Object.fromEntries(
    BOOLEAN_FIELDS.map((field) => [
      field,
      (value: unknown) => (typeof value === 'boolean' ? null : wrongType('true or false')),
    ]),
  ),
};

/**
 * Checks one content block against every rule of the contract, for the keys its type uses (other keys are
 * dropped before sending, see stripToTypeKeys). `index` is the block's 0-based position in `contents`.
 */
export function validateContentBlock(
  block: unknown,
  index: number,
  options: RuleOptions = {},
): RuleViolation[] {
  const label = `Block ${index + 1}`;
  const at = (field: string): string => `contents[${index}]${field === '' ? '' : `.${field}`}`;
  if (typeof block !== 'object' || block === null || Array.isArray(block)) {
    return [
      {
        path: at(''),
        blockIndex: index,
        field: '',
        rule: 'wrong-type',
        message: `${label} must be an object with a "type".`,
      },
    ];
  }
  const source = block as Readonly<Record<string, unknown>>;
  const type = source.type;
  if (type === undefined) {
    return [
      violation(
        index,
        at('type'),
        'type',
        'required',
        `${label}: "type" is required (one of ${BLOCK_TYPES.join(', ')}).`,
      ),
    ];
  }
  if (!isBlockType(type)) {
    return [
      violation(
        index,
        at('type'),
        'type',
        'not-in-list',
        `${label}: "type" must be one of ${BLOCK_TYPES.join(', ')} (got ${describe(type)}).`,
      ),
    ];
  }

  const violations: RuleViolation[] = [];
  const named = `${label} (${type})`;
  for (const field of BLOCK_REQUIRED_KEYS[type] as readonly string[]) {
    const value = source[field];
    if (value === undefined || value === null) {
      violations.push(
        violation(
          index,
          at(field),
          field,
          'required',
          `${named}: "${field}" is required for ${type} blocks.`,
        ),
      );
    } else if (typeof value === 'string' && value.trim() === '') {
      violations.push(
        violation(index, at(field), field, 'not-empty', `${named}: "${field}" must not be empty.`),
      );
    }
  }

  const context: BlockContext = { audioOrigins: audioOrigins(options) };
  for (const field of BLOCK_TYPE_KEYS[type] as readonly string[]) {
    const value = source[field];
    if (field === 'type' || value === undefined) continue;
    if (violations.some((existing) => existing.field === field)) continue;
    const problem =
      value === null ? wrongType('a value (null is not allowed)') : FIELD_CHECKS[field]?.(value, context);
    if (problem)
      violations.push(
        violation(index, at(field), field, problem.rule, `${named}: "${field}" ${problem.detail}.`),
      );
  }
  return violations;
}

function violation(
  blockIndex: number,
  path: string,
  field: string,
  rule: RuleId,
  message: string,
): RuleViolation {
  return { path, blockIndex, field, rule, message };
}

function audioOrigins(options: RuleOptions): string[] {
  const candidates = [options.serviceOrigin, ...(options.extraAudioOrigins ?? [])];
  return candidates.flatMap((candidate) => {
    const origin = candidate === undefined ? null : originOf(candidate);
    return origin === null ? [] : [origin];
  });
}

function wrongType(expected: string): Problem {
  return { rule: 'wrong-type', detail: `must be ${expected}` };
}

/** The contract types voiceId as a UUID: a name or a typo is caught here, with the block named. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

function uuidString(value: unknown): Problem | null {
  const empty = nonEmptyString(value);
  if (empty) return empty;
  return UUID_SHAPE.test(String(value).trim())
    ? null
    : {
        rule: 'not-uuid',
        detail: 'must be a voice id: a UUID such as 7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11, not a name',
      };
}

function nonEmptyString(value: unknown): Problem | null {
  if (typeof value !== 'string') return wrongType('a string');
  return value.trim() === '' ? { rule: 'not-empty', detail: 'must not be empty' } : null;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function rangeCheck(min: number, max: number, unit = ''): FieldCheck {
  return (value) => {
    if (!isFiniteNumber(value)) return wrongType(`a number from ${min} to ${max}${unit}`);
    if (value < min || value > max) {
      return { rule: 'out-of-range', detail: `must be from ${min} to ${max}${unit} (got ${value})` };
    }
    return null;
  };
}

function checkEmoSwitch(value: unknown): Problem | null {
  const { min, max } = RANGES.emo_switch;
  const expected = `exactly ${EMO_SWITCH_LENGTH} numbers, each from ${min} to ${max}`;
  if (!Array.isArray(value)) return { rule: 'emo-switch-shape', detail: `must be a list of ${expected}` };
  if (value.length !== EMO_SWITCH_LENGTH) {
    return { rule: 'emo-switch-shape', detail: `must have ${expected} (got ${value.length})` };
  }
  const badIndex = value.findIndex((item) => !isFiniteNumber(item) || item < min || item > max);
  if (badIndex >= 0) {
    return {
      rule: 'emo-switch-shape',
      detail: `must have ${expected} (value ${badIndex + 1} is ${describe(value[badIndex])})`,
    };
  }
  return null;
}

function checkSeed(value: unknown): Problem | null {
  if (!isFiniteNumber(value)) return wrongType(`an integer (${SEED_UNSET} for random, or 0 to ${SEED_MAX})`);
  if (!Number.isInteger(value))
    return { rule: 'not-integer', detail: `must be a whole number (got ${value})` };
  if (value !== SEED_UNSET && (value < 0 || value > SEED_MAX)) {
    return {
      rule: 'out-of-range',
      detail: `must be ${SEED_UNSET} (random) or from 0 to ${SEED_MAX} (got ${value})`,
    };
  }
  return null;
}

function checkAudio(value: unknown, context: BlockContext): Problem | null {
  if (typeof value !== 'string') return wrongType('a URL');
  const problem = checkPlatformAudioUrl(value, context.audioOrigins);
  if (problem === 'invalid-url') return { rule: 'invalid-url', detail: 'must be an http(s) URL' };
  if (problem === 'not-platform-url') {
    return {
      rule: 'not-platform-url',
      detail: `must be a URL issued by the service (${context.audioOrigins.join(' or ')}), not a link to another site`,
    };
  }
  return null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return typeof value;
}
