import type { VoiceState } from './voice-view.js';

/** A voice as a project default: its generation id and the name shown while offline. */
export interface VoiceChoice {
  voiceId: string;
  voiceName: string;
}

interface LibraryVoice {
  idForGenerate: string;
  name: string;
  state: VoiceState;
  language?: string | undefined;
}

/**
 * The voice a new project starts with: the one chosen in Settings for this service while it is a ready voice of
 * the library (one removed since, or no longer ready, would make every block fail), else a ready voice of the
 * library that speaks the project's language (the book's, or the user's own when it is not known), else the
 * first ready one. Not "the first of the library": that is the newest added, which may speak anything (a Mandarin
 * voice made the default of an English book). `voices` undefined: the library could not be read, so the choice
 * in Settings is taken as it is.
 */
export function chooseDefaultVoice(
  voices: readonly LibraryVoice[] | undefined,
  preference: { configured?: VoiceChoice | undefined; language?: string | undefined },
): VoiceChoice | undefined {
  const { configured } = preference;
  if (voices === undefined) return configured;
  const ready = voices.filter((voice) => voice.state === 'ready');
  const stillReady = ready.find((voice) => voice.idForGenerate === configured?.voiceId);
  if (stillReady !== undefined) return { voiceId: stillReady.idForGenerate, voiceName: stillReady.name };
  const wanted = primaryLanguage(preference.language);
  const chosen =
    (wanted === undefined ? undefined : ready.find((voice) => primaryLanguage(voice.language) === wanted)) ??
    ready[0];
  return chosen === undefined ? undefined : { voiceId: chosen.idForGenerate, voiceName: chosen.name };
}

/** "en-GB" → "en"; "auto", empty or absent → undefined. */
function primaryLanguage(language: string | undefined): string | undefined {
  const primary = language?.trim().toLowerCase().split(/[-_]/u)[0];
  return primary === undefined || primary === '' || primary === 'auto' ? undefined : primary;
}
