import { describe, expect, it } from 'vitest';
import { projectMetadataSchema } from '../project/project-metadata.js';
import { bookMetadataOf } from './book-metadata.js';

describe('bookMetadataOf', () => {
  it('reads POSIX locales and language names as language tags, and leaves out what it cannot read', () => {
    const languageOf = (language: string) => bookMetadataOf({ language }).language;
    expect(languageOf(' en_US ')).toBe('en-US');
    expect(languageOf('pt_BR.UTF-8')).toBe('pt-BR');
    expect(languageOf('zh-Hant-TW')).toBe('zh-Hant-TW');
    expect(languageOf('English')).toBe('en');
    expect(languageOf('english (United States)')).toBe('en');
    expect(languageOf('Français')).toBe('fr');
    expect(languageOf('Deutsch')).toBe('de');
    expect(languageOf('日本語')).toBe('ja');
    expect(languageOf('Klingon as spoken on Kronos')).toBeUndefined();
    expect(languageOf('C')).toBeUndefined();
    expect(languageOf('   ')).toBeUndefined();
  });

  it('keeps an author within the limit, cut after a whole name or word, and always one a project accepts', () => {
    expect(bookMetadataOf({ author: '  Ada\n  Writer ' }).author).toBe('Ada Writer');
    const oneName = 'A'.repeat(250);
    expect(bookMetadataOf({ author: oneName }).author).toBe(`${'A'.repeat(199)}…`);
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const cut = bookMetadataOf({ author: words }).author!;
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(words.startsWith(cut.slice(0, -1))).toBe(true);
    expect(words[cut.length - 1]).toBe(' ');
    // A character outside the Basic Multilingual Plane is never cut in half.
    const astral = bookMetadataOf({ author: '𝔄'.repeat(150) }).author!;
    expect(astral).toBe(`${'𝔄'.repeat(99)}…`);

    for (const given of [
      { author: oneName, language: 'en_GB' },
      { author: words, language: 'Svenska' },
      { author: astral + astral, language: 'not a language' },
      { author: ' ', language: '' },
    ]) {
      expect(projectMetadataSchema.safeParse(bookMetadataOf(given)).success).toBe(true);
    }
  });

  it('keeps a copyright line, and of a long notice the first sentence the credits say', () => {
    expect(bookMetadataOf({ copyright: ' ©  2026\nAda Writer ' }).copyright).toBe('© 2026 Ada Writer');
    const notice = `© 2026 Ada Writer. All rights reserved. ${'No part of this book may be copied. '.repeat(8)}`;
    expect(bookMetadataOf({ copyright: notice }).copyright).toBe('© 2026 Ada Writer.');
    const runOn = `© 2026 ${'Ada Writer and '.repeat(20)}friends`;
    const cut = bookMetadataOf({ copyright: runOn }).copyright!;
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(projectMetadataSchema.safeParse({ copyright: cut }).success).toBe(true);
    expect(bookMetadataOf({ copyright: '  ' }).copyright).toBeUndefined();
  });
});
