/** eSpeak NG voice names for the wire's language codes. */
const ESPEAK_VOICE_OF_LANGUAGE: Record<string, string> = {
  en: 'en',
  zh: 'cmn',
  ja: 'ja',
  ko: 'ko',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  ru: 'ru',
  ar: 'ar',
  hi: 'hi',
  id: 'id',
  vi: 'vi',
  th: 'th',
  tr: 'tr',
  pl: 'pl',
  nl: 'nl',
  sv: 'sv',
};

/** For `auto`: the language a script implies, or undefined for Latin text (the voice's own language then). */
function detectLanguageByScript(text: string): string | undefined {
  if (/[\u3040-\u30ff]/u.test(text)) return 'ja';
  if (/[\uac00-\ud7af]/u.test(text)) return 'ko';
  if (/[\u4e00-\u9fff]/u.test(text)) return 'zh';
  if (/[\u0400-\u04ff]/u.test(text)) return 'ru';
  if (/[\u0600-\u06ff]/u.test(text)) return 'ar';
  if (/[\u0900-\u097f]/u.test(text)) return 'hi';
  if (/[\u0e00-\u0e7f]/u.test(text)) return 'th';
  return undefined;
}

/** The eSpeak voice (`language+variant`) for a block. */
export function espeakVoiceFor(
  language: string,
  text: string,
  voiceLanguage: string,
  variant: string,
): string {
  const resolved = language === 'auto' ? (detectLanguageByScript(text) ?? voiceLanguage) : language;
  const base = ESPEAK_VOICE_OF_LANGUAGE[resolved] ?? ESPEAK_VOICE_OF_LANGUAGE[voiceLanguage] ?? 'en';
  return `${base}+${variant}`;
}
