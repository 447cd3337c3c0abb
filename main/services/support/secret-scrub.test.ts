import { describe, expect, it } from 'vitest';
import { scrubSecrets, settingsWithoutSecrets } from './secret-scrub.js';

const TOKEN = 'tk_live_Q7f9Zp2LmXv8RkT3';

describe('scrubbing a token from text', () => {
  it('removes it as it is, URL-encoded, and base64-encoded at any position in a longer encoding', () => {
    const token = `${TOKEN}/+=&`;
    for (let prefix = 0; prefix < 6; prefix += 1) {
      const plain = `${'x'.repeat(prefix)}${token}${'y'.repeat(prefix)}`;
      const text = [
        plain,
        encodeURIComponent(plain),
        Buffer.from(plain).toString('base64'),
        Buffer.from(plain).toString('base64url'),
      ].join('\n');
      const scrubbed = scrubSecrets(text, [token]);
      expect(scrubbed).not.toContain(token);
      expect(scrubbed).not.toContain(encodeURIComponent(token));
      for (let offset = 0; offset < 3; offset += 1) {
        const shifted = Buffer.from(`${'z'.repeat(offset)}${token}`).toString('base64');
        // The characters made from the token's bytes alone must all be gone.
        expect(scrubbed).not.toContain(shifted.slice(4, -4));
      }
    }
  });

  it('removes anything shaped Bearer …', () => {
    expect(scrubSecrets('authorization: Bearer abc.def', [])).toBe('authorization: Bearer [redacted]');
    expect(scrubSecrets(`{"error":"refused Bearer 'abc.def'"}`, [])).toBe(
      `{"error":"refused Bearer '[redacted]'"}`,
    );
  });
});

describe('settings in a report', () => {
  it('drops credential keys, strips URL credentials and queries (keys too), and keeps the rest', () => {
    const cleaned = settingsWithoutSecrets({
      services: [{ url: 'https://me:pw@voice.example/api?key=abc', label: 'Work', plan: 'paid' }],
      generation: { defaultVoices: { 'https://me:pw@voice.example/api?key=abc': { voiceId: 'v1' } } },
      updates: { feedUrl: 'https://feed.example/latest?signature=zzz', apiKey: 'k', accessToken: 't' },
      keyBindings: { export: ['Mod+E'] },
      pasted: 'A'.repeat(40),
    });
    expect(cleaned).toEqual({
      services: [{ url: 'https://voice.example/api', label: 'Work', plan: 'paid' }],
      generation: { defaultVoices: { 'https://voice.example/api': { voiceId: 'v1' } } },
      updates: { feedUrl: 'https://feed.example/latest' },
      keyBindings: { export: ['Mod+E'] },
      pasted: '[removed: looks like a credential]',
    });
  });
});
