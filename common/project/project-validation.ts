import type { RuleOptions, RuleViolation } from '../rules/index.js';
import type { SendContext } from './send-context.js';
import { validateContentBlock } from '../rules/index.js';
import { quotedExcerpt } from './block-guards.js';
import type { BlockLocation } from './block-lookup.js';
import { requireBlock } from './block-lookup.js';
import { toContentBlock } from './content-block.js';
import { TRACK_NAMES } from './project-schema.js';
import type { Block, Project, TrackName } from './project-schema.js';
import { DEFAULTABLE_TEXT_FIELDS, fieldsFromDefaults, paramSource } from './resolve-params.js';
import type { DefaultableTextField } from './resolve-params.js';
import type { StyleFix, VoiceCatalog } from './voice-fit.js';
import { describeSource, voiceMisfits } from './voice-fit.js';

/** A rule broken by one block of a project, named so a user can find the block. */
export interface ProjectViolation extends RuleViolation {
  /** Path in the project, e.g. `tracks.speech.blocks[2].emo_switch`. */
  path: string;
  /** 0-based position of the block in its track. */
  blockIndex: number;
  blockId: string;
  track: TrackName;
  /** 1-based, as users count. */
  blockNumber: number;
  /** "Speech block 3 (“Once upon a time…”)". */
  blockLabel: string;
  /** The offending value is not the block's own: it comes from its speaker or the project defaults. */
  fromDefault: boolean;
  /** For a style its voice lacks: the voice's own default, and where setting it puts the block right. */
  fix?: StyleFix;
}

/**
 * How blocks are checked: the contract's rules (`serviceOrigin` defaults to the project's service) and, when the
 * service's voices are known, each text block's resolved style and voice against the voice it resolves to.
 */
export interface ProjectCheckOptions extends RuleOptions {
  voices?: VoiceCatalog | undefined;
}

/** The editor's names for the fields the rules speak of (the inspector's labels). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  voiceId: 'Voice',
  promptId: 'Style',
  preset: 'Preset',
  language: 'Language',
  speechRate: 'Speech rate',
  emo_switch: 'Emotion weights',
  seed: 'Seed',
  text: 'Text',
  sfx_length: 'Length',
  mos_score: 'Quality score (mos_score)',
  vivid: 'Vivid',
  flash: 'Flash',
  break_clone: 'Break clone',
};

const TRACK_LABELS: Record<TrackName, string> = { speech: 'Speech', effects: 'Effects', music: 'Music' };

/**
 * Checks every block of the project against the contract's rules (common/rules), in the wire form that would be
 * sent (defaults resolved). The service answers any bad value with one nameless TTS_CONTENTS_INVALID, so this
 * is where the user learns which block and field are wrong. The project's service URL, if any, is the origin
 * that audio URLs must come from.
 */
export function validateProject(
  project: Project,
  context: SendContext,
  options?: ProjectCheckOptions,
): ProjectViolation[] {
  const violations: ProjectViolation[] = [];
  for (const track of TRACK_NAMES) {
    project.tracks[track].blocks.forEach((block: Block, index) => {
      violations.push(...validateLocatedBlock(project, context, { track, index, block }, options));
    });
  }
  return violations;
}

/** The violations of one block (for the inspector's inline messages). */
export function validateBlock(
  project: Project,
  context: SendContext,
  blockId: string,
  options?: ProjectCheckOptions,
): ProjectViolation[] {
  return validateLocatedBlock(project, context, requireBlock(project, blockId), options);
}

function validateLocatedBlock(
  project: Project,
  context: SendContext,
  location: BlockLocation,
  options: ProjectCheckOptions | undefined,
): ProjectViolation[] {
  const { block, track, index } = location;
  const { voices, ...given } = options ?? {};
  const ruleOptions: RuleOptions = {
    ...(project.serviceUrl === undefined ? {} : { serviceOrigin: project.serviceUrl }),
    ...given,
  };
  const fromDefaults: readonly string[] = block.type === 'text' ? fieldsFromDefaults(block) : [];
  const found = validateContentBlock(toContentBlock(block, context), index, ruleOptions);
  // A voice is judged once its id and the style are well formed (a malformed one is reported as that).
  const misfits =
    voices === undefined ||
    block.type !== 'text' ||
    found.some((violation) => violation.field === 'voiceId' || violation.field === 'promptId')
      ? []
      : voiceMisfits(block, context, voices);
  // Most blocks break no rule (and the edited one is checked on every keystroke): label only when needed.
  if (found.length === 0 && misfits.length === 0) return [];
  const label = blockLabel(location);
  const located = (field: string) => ({
    path: `tracks.${track}.blocks[${index}]${field === '' ? '' : `.${field}`}`,
    blockIndex: index,
    blockId: block.id,
    track,
    blockNumber: index + 1,
    blockLabel: label,
    fromDefault: fromDefaults.includes(field),
  });
  const ruleViolations = found.map((violation): ProjectViolation => {
    const where = located(violation.field);
    const source =
      block.type === 'text' && isDefaultable(violation.field)
        ? describeSource(block, context, paramSource(block, context, violation.field))
        : 'the project default';
    return {
      ...violation,
      ...where,
      message: `${label}: ${describe(violation, block, where.fromDefault, source)}`,
    };
  });
  const voiceViolations = misfits.map(({ field, rule, detail, fix }): ProjectViolation => ({
    ...located(field),
    field,
    rule,
    message: `${label}: ${detail.charAt(0).toUpperCase()}${detail.slice(1)}`,
    ...(fix === undefined ? {} : { fix }),
  }));
  return voiceViolations.length === 0 ? ruleViolations : [...ruleViolations, ...voiceViolations];
}

function isDefaultable(field: string): field is DefaultableTextField {
  return (DEFAULTABLE_TEXT_FIELDS as readonly string[]).includes(field);
}

function describe(violation: RuleViolation, block: Block, fromDefault: boolean, source: string): string {
  if (block.type === 'text' && violation.field === 'voiceId' && violation.rule === 'required') {
    return 'no voice is chosen; pick a default voice for the project or a voice for this block.';
  }
  // The rules name the block by its position in a request ("Block 4 (text): …"); here the label does that, and
  // fields are named as the editor labels them, not by their wire names.
  const detail = violation.message
    .replace(/^Block \d+(?: \([^)]*\))?: /, '')
    .replace(/"(\w+)"/gu, (whole, field: string) => FIELD_LABELS[field] ?? whole);
  return fromDefault ? `${detail.replace(/\.$/, '')} (this value is ${source}).` : detail;
}

/** "Speech block 3 (“Once upon a time…”)": where the block is, and a few of its words. */
export function blockLabel({ track, index, block }: BlockLocation): string {
  const text =
    block.type === 'text' || block.type === 'sfx' || block.type === 'music' ? block.text : block.params.text;
  const quoted = typeof text === 'string' && text.trim() !== '' ? ` (${quotedExcerpt(text)})` : '';
  return `${TRACK_LABELS[track]} block ${index + 1}${quoted}`;
}
