import type { VoiceView } from '../../common/voices/voice-view.js';

/**
 * A ready voice of the library as the renderer lists it: `styles` are style ids, each named as the service names
 * them (capitalised).
 */
export function voiceView(idForGenerate: string, name: string, styles: readonly string[]): VoiceView {
  return {
    id: `${name.toLowerCase()}-resource`,
    idForGenerate,
    name,
    serviceName: name,
    state: 'ready',
    status: 'pending',
    origin: 'added',
    professional: false,
    styles: styles.map((style) => ({ id: style, name: style.charAt(0).toUpperCase() + style.slice(1) })),
    addedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
