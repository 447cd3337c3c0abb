import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProject, INITIAL_DEFAULTS } from '../../../common/project/block-factory.js';
import { writeProjectFile } from '../../../common/project/project-file.js';
import { peekProjectTitle, titleInHead } from './project-title-peek.js';

const fileText = (title: string): string =>
  writeProjectFile(createProject({ title, defaults: INITIAL_DEFAULTS }));
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('the title in a project file’s head', () => {
  it.each(['Plain', 'Quotes "inside" and a back\\slash', 'Ünïcödé — “curly” 日本語 😀', 'x'.repeat(200), ''])(
    'reads the title the app wrote: %s',
    (title) => {
      expect(titleInHead(bytes(fileText(title)))).toBe(title);
    },
  );

  it('reads it from the first 4 KB the listing reads, however long the file', () => {
    const text = fileText('Long one');
    expect(titleInHead(bytes(text).subarray(0, 4096))).toBe('Long one');
  });

  it.each([
    ['a file on one line (another tool)', (text: string) => JSON.stringify(JSON.parse(text))],
    ['a byte-order mark', (text: string) => `\uFEFF${text}`],
    [
      'a title nested in another object',
      (text: string) => text.replace('  "title":', '  "x": {\n    "title": "Nested"\n  },\n  "y":'),
    ],
    ['a title that is not a string', (text: string) => text.replace(/"title": ".*"/u, '"title": 12')],
    ['no title', (text: string) => text.replace(/\n {2}"title": ".*",/u, '')],
  ])('gives none for %s, so the file is read whole', (_label, change) => {
    expect(titleInHead(bytes(change(fileText('Hidden'))))).toBeUndefined();
  });

  it('peeks a file on disk, and gives none for a missing or empty one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'timbre-title-peek-'));
    try {
      await writeFile(path.join(dir, 'a.timbre'), fileText('On disk'));
      await writeFile(path.join(dir, 'empty.timbre'), '');
      expect(await peekProjectTitle(path.join(dir, 'a.timbre'))).toBe('On disk');
      expect(await peekProjectTitle(path.join(dir, 'empty.timbre'))).toBeUndefined();
      expect(await peekProjectTitle(path.join(dir, 'missing.timbre'))).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
