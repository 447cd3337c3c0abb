import type { VoiceState } from '../voices/voice-view.js';
import { updateBlock } from './block-edits.js';
import { updateSpeaker } from './cast-edits.js';
import { setProjectDefaults } from './project-edits.js';
import type { Project, TextBlock } from './project-schema.js';
import type { ParamSource } from './resolve-params.js';
import { paramSource, resolveTextParams } from './resolve-params.js';
import type { SendContext } from './send-context.js';
import { speakerIdOf } from './send-context.js';

/** What the checks need to know of a library voice: its name, where it stands and its styles. */
export interface CatalogVoice {
  name: string;
  state: VoiceState;
  /** The voice's styles (contract 2.4 `metadata.prompts`); a block's `promptId` must be one of their ids. */
  styles: readonly { id: string; name: string }[];
}

/** The library's voices by either of their ids (a block carries `idForGenerate`; older projects may carry `id`). */
export type VoiceCatalog = ReadonlyMap<string, CatalogVoice>;

const catalogs = new WeakMap<readonly object[], VoiceCatalog>();

/** The catalog of a voice list, memoised by the list's identity (the voices store keeps one list per answer). */
export function voiceCatalog(
  voices: readonly (CatalogVoice & { id: string; idForGenerate: string })[],
): VoiceCatalog {
  const known = catalogs.get(voices);
  if (known !== undefined) return known;
  const catalog = new Map<string, CatalogVoice>();
  for (const voice of voices) {
    catalog.set(voice.id, voice);
    catalog.set(voice.idForGenerate, voice);
  }
  catalogs.set(voices, catalog);
  return catalog;
}

/** The voice's own default style: the one the contract calls `default`, else its first. */
export function defaultStyleOf(voice: CatalogVoice): { id: string; name: string } | undefined {
  return voice.styles.find((style) => style.id === 'default') ?? voice.styles[0];
}

/** Whether the style can be sent with the voice. A voice whose styles are not known (none listed) is not judged. */
export function voiceHasStyle(voice: CatalogVoice, promptId: string): boolean {
  return voice.styles.length === 0 || voice.styles.some((style) => style.id === promptId);
}

/** Where a misfit style is put right: at the level that chose the voice or the style, whichever is nearer the block. */
export interface StyleFix {
  level: ParamSource;
  /** The speaker whose style is set (level `speaker`). */
  speakerId?: string;
  /** The block whose style is set (level `block`). */
  blockId?: string;
  voiceName: string;
  /** The voice's own default style. */
  promptId: string;
  styleName: string;
}

/** A resolved parameter of a text block that its resolved voice cannot take, in the rules' terms. */
export interface VoiceMisfit {
  field: 'promptId' | 'voiceId';
  rule: 'not-a-voice-style' | 'voice-not-ready';
  /** Completes "Speech block 3 (…): " in plain words. */
  detail: string;
  fix?: StyleFix;
}

const LEVEL_ORDER: Record<ParamSource, number> = { defaults: 0, speaker: 1, block: 2 };
const NOT_READY: Partial<Record<VoiceState, string>> = {
  creating: 'is still being created; wait until it is ready or choose another voice',
  training: 'is still training (professional clone); wait until it is ready or choose another voice',
  failed: 'could not be created; choose another voice',
};

/**
 * What the service would refuse in a text block because of its voice (block override → cast speaker → project
 * defaults, as sent): a voice that is not ready, or a style the voice does not have. The contract's other rules
 * (common/rules) hold for every voice and are checked on the resolved values already; voices carry only styles.
 */
export function voiceMisfits(block: TextBlock, context: SendContext, voices: VoiceCatalog): VoiceMisfit[] {
  const params = resolveTextParams(block, context);
  if (params.voiceId === null) return [];
  const voice = voices.get(params.voiceId);
  if (voice === undefined) return [];
  const notReady = NOT_READY[voice.state];
  if (notReady !== undefined) {
    return [{ field: 'voiceId', rule: 'voice-not-ready', detail: `the voice ${voice.name} ${notReady}.` }];
  }
  if (voiceHasStyle(voice, params.promptId)) return [];
  const styleSource = paramSource(block, context, 'promptId');
  const voiceSource = paramSource(block, context, 'voiceId');
  const level = LEVEL_ORDER[styleSource] >= LEVEL_ORDER[voiceSource] ? styleSource : voiceSource;
  const fallback = defaultStyleOf(voice);
  const styles = voice.styles.map((style) => style.name).join(', ');
  const from = describeSource(block, context, styleSource);
  return [
    {
      field: 'promptId',
      rule: 'not-a-voice-style',
      detail: `the style “${params.promptId}” (${from}) is not a style of the voice ${voice.name} (its styles: ${styles}); ${voice.name}’s own default is “${fallback?.name ?? 'default'}”.`,
      ...(fallback === undefined
        ? {}
        : {
            fix: {
              level,
              ...(level === 'speaker' ? { speakerId: speakerIdOf(block) } : {}),
              ...(level === 'block' ? { blockId: block.id } : {}),
              voiceName: voice.name,
              promptId: fallback.id,
              styleName: fallback.name,
            },
          }),
    },
  ];
}

/** Where a resolved value comes from, in words: "set on this block", "Bruno’s, from the cast", "the project default". */
export function describeSource(block: TextBlock, context: SendContext, source: ParamSource): string {
  if (source === 'block') return 'set on this block';
  if (source === 'speaker') {
    const name = context.speakers.get(speakerIdOf(block))?.name ?? 'the speaker';
    return `${name}’s, from the cast`;
  }
  return 'the project default';
}

/** Each fix once (many blocks share the speaker's or the defaults'), in the order first met. */
export function distinctFixes(fixes: readonly StyleFix[]): StyleFix[] {
  const seen = new Map<string, StyleFix>();
  for (const fix of fixes) {
    const key = `${fix.level}\n${fix.speakerId ?? ''}\n${fix.blockId ?? ''}`;
    if (!seen.has(key)) seen.set(key, fix);
  }
  return [...seen.values()];
}

/** Sets each voice's own default style where the misfit style was chosen (the defaults, a speaker or a block). */
export function applyStyleFixes(project: Project, fixes: readonly StyleFix[]): Project {
  let next = project;
  for (const fix of distinctFixes(fixes)) {
    if (fix.level === 'defaults') next = setProjectDefaults(next, { promptId: fix.promptId });
    else if (fix.level === 'speaker' && fix.speakerId !== undefined)
      next = updateSpeaker(next, fix.speakerId, { promptId: fix.promptId });
    else if (fix.level === 'block' && fix.blockId !== undefined)
      next = updateBlock(next, fix.blockId, { promptId: fix.promptId });
  }
  return next;
}
