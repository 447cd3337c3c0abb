import { describe, expect, it } from 'vitest';
import { readScriptFile } from './read-script-file.js';

const options = {
  paragraphs: 'blank-lines' as const,
  reading: { speakerLabels: false, quotedDialogue: false },
};

const SCRIPT = 'Chapter One\n\nIt was late.\n\nThe rain would not stop.\n';

function utf16be(text: string): Uint8Array {
  return Uint8Array.from([...text].flatMap((char) => [char.charCodeAt(0) >> 8, char.charCodeAt(0) & 0xff]));
}

function linesOf(script: Awaited<ReturnType<typeof readScriptFile>>): string[] {
  return script.chapters.flatMap((chapter) => chapter.lines.map((line) => line.text));
}

describe('script file encodings', () => {
  it('imports UTF-16BE without a byte-order mark as its text, without NUL characters', async () => {
    const script = await readScriptFile(utf16be(SCRIPT), 'script.txt', options);
    expect(linesOf(script)).toEqual(['Chapter One', 'It was late.', 'The rain would not stop.']);
    const html = await readScriptFile(utf16be('<h1>One</h1><p>Words.</p>'), 'page.html', options);
    expect(linesOf(html)).toEqual(['One', 'Words.']);
  });

  it('imports UTF-8 after a UTF-16BE byte-order mark as UTF-8, not as mojibake', async () => {
    const bytes = Uint8Array.from([0xfe, 0xff, ...new TextEncoder().encode('Grüße aus Köln.\n')]);
    expect(linesOf(await readScriptFile(bytes, 'gruss.txt', options))).toEqual(['Grüße aus Köln.']);
  });

  it('reads the file in the encoding the user chose', async () => {
    const bytes = new TextEncoder().encode('Café\n');
    const chosen = await readScriptFile(bytes, 'menu.txt', { ...options, encoding: 'windows-1252' });
    expect(linesOf(chosen)).toEqual(['CafÃ©']);
  });

  it('refuses binary data as not text, and a project file as no script, naming the file', async () => {
    const garbage = Uint8Array.from({ length: 2048 }, (_, index) => (index * 7919) % 251);
    await expect(readScriptFile(garbage, 'notes.txt', options)).rejects.toThrow(
      /^“notes\.txt” could not be imported: it is not a text file \(\d+% of it is control codes.*Nothing was created\.$/u,
    );
    const project = new TextEncoder().encode('{"schemaVersion":5,"title":"Mine"}');
    for (const bytes of [project, garbage]) {
      await expect(readScriptFile(bytes, 'Mine.timbre', options)).rejects.toThrow(
        '“Mine.timbre” could not be imported: it is a Timbre Studio project, not a script: to open it, copy it into the “projects” folder of the data folder (its path is in Settings, under Where your work is kept) and it appears on the Projects page. Nothing was created.',
      );
    }
  });
});
