import type { StateStore } from '../state/state-store.js';
import type { StyleRecord, VoiceRecord } from '../state/schema.js';
import { USABLE_VOICE_STATUSES } from '../wire-choices.js';

/** Looks voices up with the visibility rules: market voices are everyone's, cloned voices only their owner's. */
export class VoiceRegistry {
  constructor(private readonly store: StateStore) {}

  all(): VoiceRecord[] {
    return this.store.state.voices;
  }

  /** Persists changes made to a voice record in place. */
  changed(): void {
    this.store.changed();
  }

  add(voice: VoiceRecord): void {
    this.store.state.voices.push(voice);
    this.store.changed();
  }

  /** Replaces the market voices (they are rebuilt at every start so their definitions can evolve). */
  replaceMarket(voices: VoiceRecord[]): void {
    this.store.state.voices = [
      ...voices,
      ...this.store.state.voices.filter((voice) => voice.from !== 'market'),
    ];
    this.store.changed();
  }

  /** For `GET /api/voice/{id}`: the voice resource id. */
  findVisibleById(userId: string, id: string): VoiceRecord | undefined {
    return this.all().find((voice) => voice.id === id && (voice.userId === null || voice.userId === userId));
  }

  /**
   * For a content block's `voiceId`: the voice's `idForGenerate`; a market voice's `id` is accepted too (task
   * summaries show market voices with `id` only). The voice must be finished (`pending` or `lora-success`).
   */
  findUsableForGenerate(userId: string, voiceId: string): VoiceRecord | undefined {
    const voice = this.all().find(
      (candidate) =>
        (candidate.userId === null || candidate.userId === userId) &&
        (candidate.idForGenerate === voiceId || (candidate.from === 'market' && candidate.id === voiceId)),
    );
    if (!voice || !(USABLE_VOICE_STATUSES as readonly string[]).includes(voice.status)) return undefined;
    return voice;
  }

  findById(id: string): VoiceRecord | undefined {
    return this.all().find((voice) => voice.id === id);
  }
}

export function styleOf(voice: VoiceRecord, promptId: string | undefined): StyleRecord | undefined {
  return voice.styles.find((style) => style.id === (promptId ?? 'default'));
}

export function touch(voice: VoiceRecord, change: Partial<VoiceRecord>): void {
  Object.assign(voice, change, { updatedAt: new Date().toISOString() });
}
