import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './cli-args.js';
import { USAGE } from './cli-usage.js';

const parse = (line: string) => parseCommandLine(line.split(' ').filter(Boolean), {});

describe('timbre export --mode', () => {
  it('chooses a read-along EPUB, a W3C Audiobook or the mix with a karaoke WebVTT', () => {
    expect(parse('export b.timbre --out o --mode epub-read-along')).toMatchObject({
      mode: 'epub-read-along',
    });
    expect(parse('export b.timbre --out o --mode lpf-audiobook')).toMatchObject({ mode: 'lpf-audiobook' });
    expect(parse('export b.timbre --out o --format mp3 --mode karaoke-vtt')).toMatchObject({
      mode: 'karaoke-vtt',
    });
    expect(parse('export b.timbre --out o')).toMatchObject({ mode: 'mix' });
  });

  it('names the choices for an unknown mode and refuses one combined with --split', () => {
    expect(() => parse('export b.timbre --out o --mode pdf')).toThrow(
      '--mode must be one of epub-read-along, lpf-audiobook, karaoke-vtt (got "pdf")',
    );
    expect(() => parse('export b.timbre --out o --mode epub-read-along --split chapters')).toThrow(
      '--mode epub-read-along writes one book per project: it cannot be used with --split or --video',
    );
  });

  it('says in --help that a read-along book holds MP3 or M4A by chapter, the cover first, and takes --cover', () => {
    // The help's wrapped lines read as one text.
    const help = USAGE.replace(/\s+/gu, ' ');
    expect(help).toContain(
      'a read-along EPUB 3 (sentences highlighted as read, MP3 or M4A by chapter, the cover first)',
    );
    expect(help).toContain(
      "a JPEG or PNG embedded as the MP3's, M4B's or M4A's cover and a read-along book's",
    );
  });
});
