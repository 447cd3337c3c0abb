import type { ProjectDefaults, TextBlock } from './project-schema.js';

/** The parameters a text block is generated with, after the project defaults fill its gaps. */
export interface ResolvedTextParams {
  /** null when neither the block nor the project has a voice yet (an offline draft). */
  voiceId: string | null;
  promptId: string;
  preset: string;
  language: string;
  speechRate: number;
  emo_switch?: number[];
  vivid?: boolean;
  flash?: boolean;
  break_clone?: boolean;
  seed?: number;
}

/** Text block parameters that fall back to a project default when the block leaves them undefined. */
export const DEFAULTABLE_TEXT_FIELDS = ['voiceId', 'promptId', 'preset', 'language', 'speechRate'] as const;
export type DefaultableTextField = (typeof DEFAULTABLE_TEXT_FIELDS)[number];

export function resolveTextParams(block: TextBlock, defaults: ProjectDefaults): ResolvedTextParams {
  return {
    voiceId: block.voiceId ?? defaults.voiceId,
    promptId: block.promptId ?? defaults.promptId,
    preset: block.preset ?? defaults.preset,
    language: block.language ?? defaults.language,
    speechRate: block.speechRate ?? defaults.speechRate,
    emo_switch: block.emo_switch,
    vivid: block.vivid,
    flash: block.flash,
    break_clone: block.break_clone,
    seed: block.seed,
  };
}

/** Which of the block's effective parameters come from the project defaults (for the inspector and messages). */
export function fieldsFromDefaults(block: TextBlock): DefaultableTextField[] {
  return DEFAULTABLE_TEXT_FIELDS.filter((field) => block[field] === undefined);
}

/**
 * The text that is sent and hashed: surrounding whitespace is trimmed, because it does not change the speech and
 * should not make a block stale.
 */
export function spokenText(text: string): string {
  return text.trim();
}
