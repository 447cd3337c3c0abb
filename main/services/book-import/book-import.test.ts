import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { previewImport, scriptBlocks } from '../../../common/import/imported-script.js';
import { readScriptFile } from './read-script-file.js';
import { longBook, makeDocx, makeEpub } from './test-support/make-books.js';
import type { BookSpec } from './test-support/make-books.js';

const book: BookSpec = {
  title: 'The Lighthouse',
  author: 'Ada Writer',
  chapters: [
    { title: 'Arrival', paragraphs: ['The boat came in at dusk.', '“Is anyone there?” asked Mara.'] },
    { title: 'The Keeper', paragraphs: ['“Only me,” said Tom.', 'The lamp turned.'] },
    { title: 'Morning', paragraphs: ['Fog lifted & gulls cried.'] },
  ],
};
const options = {
  paragraphs: 'blank-lines' as const,
  reading: { speakerLabels: false, quotedDialogue: true },
};

describe('book import', () => {
  it('reads an EPUB 3: title, author, chapters from its navigation, quoted speakers, entities', async () => {
    const script = await readScriptFile(makeEpub(book), 'lighthouse.epub', options);
    expect(script.title).toBe('The Lighthouse');
    expect(script.author).toBe('Ada Writer');
    expect(script.chapters.map((chapter) => chapter.title)).toEqual(['Arrival', 'The Keeper', 'Morning']);
    // The chapter's own heading repeats the table of contents: it is read once, as the chapter's first line.
    expect(script.chapters[0]!.lines).toEqual([
      { text: 'Arrival' },
      { text: 'The boat came in at dusk.' },
      { text: '“Is anyone there?”', speaker: 'Mara' },
      { text: 'asked Mara.' },
    ]);
    expect(script.chapters[2]!.lines.at(-1)).toEqual({ text: 'Fog lifted & gulls cried.' });
    const preview = previewImport(script, scriptBlocks(script, {}));
    expect(preview.speakers.map((speaker) => speaker.name)).toEqual(['Mara', 'Tom']);
    expect(preview.chapters.map((chapter) => chapter.title)).toEqual(['Arrival', 'The Keeper', 'Morning']);
  });

  it('reads an EPUB 2 through its NCX', async () => {
    const script = await readScriptFile(makeEpub({ ...book, toc: 'ncx' }), 'old.epub', options);
    expect(script.chapters.map((chapter) => chapter.title)).toEqual(['Arrival', 'The Keeper', 'Morning']);
  });

  it('keeps a first chapter whose heading is styled as a title (h1.title) a chapter, not a title page', async () => {
    const script = await readScriptFile(
      makeEpub({ ...book, headingClass: 'title', toc: 'ncx' }),
      'styled.epub',
      options,
    );
    expect(script.chapters.map((chapter) => [chapter.kind, chapter.title])).toEqual([
      [undefined, 'Arrival'],
      [undefined, 'The Keeper'],
      [undefined, 'Morning'],
    ]);
  });

  it('gathers a "Notes" document’s notes into the optional Notes chapter, without their numbers', async () => {
    const script = await readScriptFile(
      makeEpub({
        title: 'The Lantern Keeper',
        author: 'Ada Writer',
        chapters: [
          {
            title: 'The Sea Wall',
            html: true,
            paragraphs: ['Martha walked along the sea wall.<a id="r1" href="ch2.xhtml#n1">1</a>'],
          },
          {
            title: 'Notes',
            html: true,
            paragraphs: ['<a id="n1" href="ch1.xhtml#r1">1</a> Built in 1820 by the Harbour Board.'],
          },
        ],
      }),
      'notes.epub',
      options,
    );
    expect(script.chapters).toEqual([
      {
        title: 'The Sea Wall',
        lines: [{ text: 'The Sea Wall' }, { text: 'Martha walked along the sea wall.' }],
      },
      {
        title: 'Notes',
        kind: 'notes',
        lines: [{ text: 'Notes' }, { text: 'Built in 1820 by the Harbour Board.' }],
      },
    ]);
  });

  it('reads no chapter for a table of contents entry that points into the footnotes', async () => {
    const epub = makeEpub({
      title: 'Notes inside',
      author: 'Ada Writer',
      chapters: [
        {
          title: 'The Sea Wall',
          html: true,
          paragraphs: [
            'Martha walked along the sea wall.<a href="#fn1" id="fnref1">1</a>',
            '</p><section id="notes" epub:type="footnotes"><ol><li id="fn1"><p>Built in 1820.<a href="#fnref1">↩︎</a></p></li></ol></section><p>',
          ],
        },
      ],
    });
    const files = unzipSync(epub);
    const nav = strFromU8(files['OEBPS/nav.xhtml']!).replace(
      '</ol></nav>',
      '<li><a href="text/ch1.xhtml#notes">Notes</a></li></ol></nav>',
    );
    const script = await readScriptFile(
      zipSync({ ...files, 'OEBPS/nav.xhtml': strToU8(nav) }),
      'notes-toc.epub',
      options,
    );
    expect(script.chapters.map((chapter) => [chapter.kind, chapter.title])).toEqual([
      [undefined, 'The Sea Wall'],
      ['notes', 'Notes'],
    ]);
    expect(script.chapters[1]!.lines).toEqual([{ text: 'Notes' }, { text: 'Built in 1820.' }]);
  });

  it('reads a DOCX through mammoth: Heading 1 paragraphs start chapters', async () => {
    const script = await readScriptFile(makeDocx(book), 'lighthouse.docx', options);
    expect(script.chapters.map((chapter) => chapter.title)).toEqual(['Arrival', 'The Keeper', 'Morning']);
    expect(script.chapters[1]!.lines).toEqual([
      { text: 'The Keeper' },
      { text: '“Only me,”', speaker: 'Tom' },
      { text: 'said Tom.' },
      { text: 'The lamp turned.' },
    ]);
  });

  it('reads HTML: headings start chapters, scripts, styles and navigation are not read', async () => {
    const html = `<html><head><title>Page</title><style>p{}</style></head><body><nav>Home | About</nav>
      <h2>One</h2><p>First <b>bold</b> words.</p><script>alert(1)</script><h2>Two</h2><ul><li>Item</li></ul></body></html>`;
    const script = await readScriptFile(strToU8(html), 'page.html', options);
    expect(script.title).toBe('Page');
    expect(script.chapters).toEqual([
      { title: 'One', lines: [{ text: 'One' }, { text: 'First bold words.' }] },
      { title: 'Two', lines: [{ text: 'Two' }, { text: 'Item' }] },
    ]);
  });

  it('names the file and the problem for malformed books', async () => {
    await expect(readScriptFile(strToU8('not a zip'), 'broken.epub', options)).rejects.toThrow(
      /^“broken\.epub” could not be imported: the EPUB is damaged: it is not a readable zip archive.*Nothing was created\.$/u,
    );
    const noContainer = zipSync({ 'hello.txt': strToU8('hi') });
    await expect(readScriptFile(noContainer, 'empty.epub', options)).rejects.toThrow(
      '“empty.epub” could not be imported: the EPUB is damaged: META-INF/container.xml is missing: it is not an EPUB. Nothing was created.',
    );
    await expect(readScriptFile(strToU8('plain words'), 'letter.docx', options)).rejects.toThrow(
      /“letter\.docx” could not be imported: it is not a Word document/u,
    );
    await expect(
      readScriptFile(strToU8('<html><body><script>x</script></body></html>'), 'blank.html', options),
    ).rejects.toThrow(
      '“blank.html” could not be imported: it contains no text to read aloud. Nothing was created.',
    );
  });

  it('reads a 100,000-word EPUB into chapters and blocks (the time is printed by the benchmark)', async () => {
    const long = longBook(100_000, 30);
    const script = await readScriptFile(makeEpub(long), 'long.epub', options);
    const blocks = scriptBlocks(script, {});
    const words = blocks.reduce((sum, block) => sum + block.text.split(/\s+/u).length, 0);
    expect(script.chapters).toHaveLength(30);
    expect(words).toBeGreaterThan(100_000);
    expect(previewImport(script, blocks).speakers.map((speaker) => speaker.name)).toEqual(['Alice']);
  }, 60_000);
});
