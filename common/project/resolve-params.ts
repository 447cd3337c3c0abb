import { applyLexicon } from '../pronunciation/lexicon.js';
import type { ProjectDefaults, TextBlock } from './project-schema.js';
import { speakerIdOf } from './send-context.js';
import type { SendContext } from './send-context.js';

/** The parameters a text block is generated with, after its speaker and then the project defaults fill its gaps. */
export interface ResolvedTextParams {
  /** null when neither the block nor the project has a voice yet (an offline draft). */
  voiceId: string | null;
  promptId: string;
  preset: string;
  language: string;
  speechRate: number;
  // Explicitly undefined when neither the block nor its speaker sets them (the wire body leaves them out).
  emo_switch?: number[] | undefined;
  vivid?: boolean | undefined;
  flash?: boolean | undefined;
  break_clone?: boolean | undefined;
  seed?: number | undefined;
}

/** Text block parameters that fall back to a project default when the block leaves them undefined. */
export const DEFAULTABLE_TEXT_FIELDS = ['voiceId', 'promptId', 'preset', 'language', 'speechRate'] as const;
export type DefaultableTextField = (typeof DEFAULTABLE_TEXT_FIELDS)[number];

/** The speech rate a text block is sent with: resolveTextParams's, without building the rest. */
export function resolvedSpeechRate(block: TextBlock, context: SendContext): number {
  return (
    block.speechRate ?? context.speakers.get(speakerIdOf(block))?.speechRate ?? context.defaults.speechRate
  );
}

/** The voice a text block is sent with (null in an offline draft): resolveTextParams's, without building the rest. */
export function resolvedVoiceId(block: TextBlock, context: SendContext): string | null {
  return block.voiceId ?? context.speakers.get(speakerIdOf(block))?.voiceId ?? context.defaults.voiceId;
}

export function resolveTextParams(block: TextBlock, context: SendContext): ResolvedTextParams {
  const { defaults } = context;
  const speaker = context.speakers.get(speakerIdOf(block));
  return {
    voiceId: block.voiceId ?? speaker?.voiceId ?? defaults.voiceId,
    promptId: block.promptId ?? speaker?.promptId ?? defaults.promptId,
    preset: block.preset ?? speaker?.preset ?? defaults.preset,
    language: block.language ?? speaker?.language ?? defaults.language,
    speechRate: block.speechRate ?? speaker?.speechRate ?? defaults.speechRate,
    emo_switch: block.emo_switch ?? speaker?.emo_switch,
    vivid: block.vivid ?? speaker?.vivid,
    flash: block.flash ?? speaker?.flash,
    break_clone: block.break_clone ?? speaker?.break_clone,
    seed: block.seed,
  };
}

/**
 * The text a text block sends: trimmed, then with the pronunciation rules in scope for its language and voice
 * applied. The script keeps what the user wrote; this is what the service (and the content hash) see.
 */
export function sentText(block: TextBlock, context: SendContext, params?: ResolvedTextParams): string {
  const text = spokenText(block.text);
  if (context.rules.length === 0) return text;
  const { language, voiceId } = params ?? resolveTextParams(block, context);
  return applyLexicon(text, context.rules, { language, voiceId });
}

/**
 * What a text block falls back to where it sets nothing: its speaker's parameters over the project defaults (so the
 * inspector's "default" shows the voice the block will really get).
 */
export function inheritedDefaults(block: TextBlock, context: SendContext): ProjectDefaults {
  const speaker = context.speakers.get(speakerIdOf(block));
  if (speaker === undefined) return context.defaults;
  const { defaults } = context;
  return {
    voiceId: speaker.voiceId ?? defaults.voiceId,
    ...(speaker.voiceId !== undefined
      ? speaker.voiceName === undefined
        ? {}
        : { voiceName: speaker.voiceName }
      : defaults.voiceName === undefined
        ? {}
        : { voiceName: defaults.voiceName }),
    promptId: speaker.promptId ?? defaults.promptId,
    preset: speaker.preset ?? defaults.preset,
    language: speaker.language ?? defaults.language,
    speechRate: speaker.speechRate ?? defaults.speechRate,
  };
}

/** Where a text block's resolved parameter comes from: the block itself, its speaker (the cast) or the project. */
export type ParamSource = 'block' | 'speaker' | 'defaults';

/** Where the value a text block sends for a defaultable field comes from (resolveTextParams's order). */
export function paramSource(
  block: TextBlock,
  context: SendContext,
  field: DefaultableTextField,
): ParamSource {
  if (block[field] !== undefined) return 'block';
  return context.speakers.get(speakerIdOf(block))?.[field] !== undefined ? 'speaker' : 'defaults';
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
