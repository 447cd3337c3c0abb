import type { StyleRecord, VoiceRecord } from '../state/schema.js';

/** The market voices every stand-in holds; ids are fixed so demos and tests can name them. */
export interface MarketVoiceDefinition {
  id: string;
  idForGenerate: string;
  name: string;
  description: string;
  language: string;
  synth: VoiceRecord['synth'];
  styles: Omit<StyleRecord, 'audioPath' | 'language' | 'vocalFilter'>[];
  sampleText: string;
}

export const MARKET_VOICES: readonly MarketVoiceDefinition[] = [
  {
    id: '7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11',
    idForGenerate: 'c3d9a7e4-1b2f-4e6a-8d05-9f7b3c2a1e42',
    name: 'Aria',
    description: 'Warm English narrator with a calm and a bright style.',
    language: 'en',
    synth: { variant: 'f3', pitch: 62, wordsPerMinute: 165, language: 'en' },
    styles: [
      { id: 'default', name: 'Default', description: 'Neutral narration.', pitchOffset: 0, rateFactor: 1 },
      { id: 'calm', name: 'Calm', description: 'Lower and slower.', pitchOffset: -12, rateFactor: 0.85 },
      { id: 'bright', name: 'Bright', description: 'Higher and quicker.', pitchOffset: 14, rateFactor: 1.12 },
    ],
    sampleText: 'Hello, I am Aria. I read long stories without getting tired.',
  },
  {
    id: '2d8f6a1c-93e7-4b0a-a5d2-6c4e1f8b7a23',
    idForGenerate: '9e4b2c71-6d0a-4f3e-b8a1-5c7d2e9f0b64',
    name: 'Bruno',
    description: 'Deep English voice for trailers and news.',
    language: 'en',
    synth: { variant: 'm3', pitch: 30, wordsPerMinute: 175, language: 'en' },
    styles: [
      { id: 'default', name: 'Default', description: 'Steady and deep.', pitchOffset: 0, rateFactor: 1 },
      { id: 'trailer', name: 'Trailer', description: 'Slow and dramatic.', pitchOffset: -8, rateFactor: 0.8 },
    ],
    sampleText: 'This is Bruno. In a world where every word matters.',
  },
  {
    id: '5a0c3e9b-7f21-4d6c-8e4a-1b9d0f2c6a35',
    idForGenerate: 'e1f7c4a2-0d3b-4a9e-9c58-3b6a8d1f2e76',
    name: 'Mei',
    description: 'Clear Mandarin Chinese voice.',
    language: 'zh',
    synth: { variant: 'f2', pitch: 58, wordsPerMinute: 160, language: 'zh' },
    styles: [
      { id: 'default', name: 'Default', description: 'Clear and friendly.', pitchOffset: 0, rateFactor: 1 },
    ],
    sampleText: '你好，我是梅。很高兴认识你。',
  },
];

const MARKET_SAMPLE_DIR = 'market';

/** Voice records of the market voices; style audio paths point at samples rendered at start. */
export function marketVoiceRecords(audioExtension: string, now: string): VoiceRecord[] {
  return MARKET_VOICES.map((voice) => ({
    id: voice.id,
    idForGenerate: voice.idForGenerate,
    userId: null,
    from: 'market',
    kind: 'market',
    name: voice.name,
    description: voice.description,
    language: voice.language,
    modelVersion: 'v3.0',
    status: 'pending',
    vocalFilter: false,
    avatarPath: '/files/avatars/default.svg',
    quotaConsumed: false,
    styles: voice.styles.map((style) => ({
      ...style,
      language: voice.language,
      vocalFilter: false,
      audioPath: `/files/${MARKET_SAMPLE_DIR}/${voice.id}/${style.id}.${audioExtension}`,
    })),
    synth: voice.synth,
    createdAt: now,
    updatedAt: now,
    extras: {},
  }));
}
