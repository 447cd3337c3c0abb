import type { RuleOptions, RuleViolation } from '../rules/index.js';
import type { SendContext } from './send-context.js';
import { validateContentBlock } from '../rules/index.js';
import { excerpt } from './block-guards.js';
import type { BlockLocation } from './block-lookup.js';
import { requireBlock } from './block-lookup.js';
import { toContentBlock } from './content-block.js';
import { TRACK_NAMES } from './project-schema.js';
import type { Block, Project, TrackName } from './project-schema.js';
import { fieldsFromDefaults } from './resolve-params.js';

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
  /** The offending value is the project default, not the block's own (fix it in the project settings). */
  fromDefault: boolean;
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
  options?: RuleOptions,
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
  options?: RuleOptions,
): ProjectViolation[] {
  return validateLocatedBlock(project, context, requireBlock(project, blockId), options);
}

function validateLocatedBlock(
  project: Project,
  context: SendContext,
  location: BlockLocation,
  options: RuleOptions | undefined,
): ProjectViolation[] {
  const { block, track, index } = location;
  const ruleOptions: RuleOptions =
    options ?? (project.serviceUrl === undefined ? {} : { serviceOrigin: project.serviceUrl });
  const fromDefaults: readonly string[] = block.type === 'text' ? fieldsFromDefaults(block) : [];
  const found = validateContentBlock(toContentBlock(block, context), index, ruleOptions);
  // Most blocks break no rule (and the edited one is checked on every keystroke): label only when needed.
  if (found.length === 0) return [];
  const blockLabel = labelOf(location);
  return found.map((violation) => {
    const fromDefault = fromDefaults.includes(violation.field);
    return {
      ...violation,
      path: `tracks.${track}.blocks[${index}]${violation.field === '' ? '' : `.${violation.field}`}`,
      blockIndex: index,
      blockId: block.id,
      track,
      blockNumber: index + 1,
      blockLabel,
      fromDefault,
      message: `${blockLabel}: ${describe(violation, block, fromDefault)}`,
    };
  });
}

function describe(violation: RuleViolation, block: Block, fromDefault: boolean): string {
  if (block.type === 'text' && violation.field === 'voiceId' && violation.rule === 'required') {
    return 'no voice is chosen; pick a default voice for the project or a voice for this block.';
  }
  // The rules name the block by its position in a request ("Block 4 (text): …"); here the label does that, and
  // fields are named as the editor labels them, not by their wire names.
  const detail = violation.message
    .replace(/^Block \d+(?: \([^)]*\))?: /, '')
    .replace(/"(\w+)"/gu, (whole, field: string) => FIELD_LABELS[field] ?? whole);
  return fromDefault ? `${detail.replace(/\.$/, '')} (this value is the project default).` : detail;
}

function labelOf({ track, index, block }: BlockLocation): string {
  const text =
    block.type === 'text' || block.type === 'sfx' || block.type === 'music' ? block.text : block.params.text;
  const quoted = typeof text === 'string' && text.trim() !== '' ? ` (“${excerpt(text)}”)` : '';
  return `${TRACK_LABELS[track]} block ${index + 1}${quoted}`;
}
