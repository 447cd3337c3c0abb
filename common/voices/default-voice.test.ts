import { describe, expect, it } from 'vitest';
import { chooseDefaultVoice } from './default-voice.js';

// The library lists the newest first: Mei was added last.
const library = [
  { idForGenerate: 'mei', name: 'Mei', state: 'ready' as const, language: 'zh' },
  { idForGenerate: 'draft', name: 'Draft clone', state: 'creating' as const, language: 'en' },
  { idForGenerate: 'bruno', name: 'Bruno', state: 'ready' as const, language: 'en' },
  { idForGenerate: 'aria', name: 'Aria', state: 'ready' as const, language: 'en' },
];

describe('chooseDefaultVoice', () => {
  it('takes a ready voice in the project’s language, not the first of the library', () => {
    expect(chooseDefaultVoice(library, { language: 'en-GB' })).toEqual({
      voiceId: 'bruno',
      voiceName: 'Bruno',
    });
    expect(chooseDefaultVoice(library, { language: 'zh' })).toEqual({ voiceId: 'mei', voiceName: 'Mei' });
  });

  it('takes the voice chosen in Settings first', () => {
    expect(
      chooseDefaultVoice(library, { configured: { voiceId: 'aria', voiceName: 'Aria' }, language: 'zh' }),
    ).toEqual({ voiceId: 'aria', voiceName: 'Aria' });
  });

  it('falls back to the first ready voice when no language is known or none speaks it, and to none', () => {
    expect(chooseDefaultVoice(library, { language: 'auto' })).toEqual({ voiceId: 'mei', voiceName: 'Mei' });
    expect(chooseDefaultVoice(library, { language: 'fr' })).toEqual({ voiceId: 'mei', voiceName: 'Mei' });
    expect(chooseDefaultVoice([library[1]!], { language: 'en' })).toBeUndefined();
  });
});
