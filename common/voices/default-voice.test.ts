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

  it('passes over a voice chosen in Settings that left the library or is not ready, as if none was chosen', () => {
    const removed = { voiceId: 'gone', voiceName: 'Gone' };
    expect(chooseDefaultVoice(library, { configured: removed, language: 'en' })).toEqual({
      voiceId: 'bruno',
      voiceName: 'Bruno',
    });
    const notReady = { voiceId: 'draft', voiceName: 'Draft clone' };
    expect(chooseDefaultVoice(library, { configured: notReady, language: 'zh' })).toEqual({
      voiceId: 'mei',
      voiceName: 'Mei',
    });
    expect(chooseDefaultVoice([], { configured: removed })).toBeUndefined();
  });

  it('takes the voice chosen in Settings as it is when the library could not be read', () => {
    const chosen = { voiceId: 'aria', voiceName: 'Aria' };
    expect(chooseDefaultVoice(undefined, { configured: chosen, language: 'zh' })).toEqual(chosen);
    expect(chooseDefaultVoice(undefined, { language: 'zh' })).toBeUndefined();
  });

  it('falls back to the first ready voice when no language is known or none speaks it, and to none', () => {
    expect(chooseDefaultVoice(library, { language: 'auto' })).toEqual({ voiceId: 'mei', voiceName: 'Mei' });
    expect(chooseDefaultVoice(library, { language: 'fr' })).toEqual({ voiceId: 'mei', voiceName: 'Mei' });
    expect(chooseDefaultVoice([library[1]!], { language: 'en' })).toBeUndefined();
  });
});
