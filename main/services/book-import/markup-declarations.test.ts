import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readScriptFile } from './read-script-file.js';
import { makeEpub } from './test-support/make-books.js';

const options = {
  paragraphs: 'blank-lines' as const,
  reading: { speakerLabels: false, quotedDialogue: false },
};

/** The "billion laughs": ten entities of ten references each, 10⁹ "lol"s if a parser expanded them. */
function billionLaughs(): string {
  let declarations = '<!ENTITY lol0 "lol">';
  for (let level = 1; level < 10; level += 1) {
    declarations += `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`;
  }
  return declarations;
}

function xhtml(doctype: string, body: string): Uint8Array {
  return strToU8(
    `<?xml version="1.0" encoding="utf-8"?>\n${doctype}\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Page</title></head><body>${body}</body></html>`,
  );
}

function linesOf(script: Awaited<ReturnType<typeof readScriptFile>>): string[] {
  return script.chapters.flatMap((chapter) => chapter.lines.map((line) => line.text));
}

describe('hostile markup declarations', () => {
  it('never reads an XHTML internal subset with parameter entities', async () => {
    const script = await readScriptFile(
      xhtml('<!DOCTYPE html [ <!ENTITY % pe "x"> %pe; ]>', '<p>The text.</p>'),
      'page.xhtml',
      options,
    );
    expect(linesOf(script)).toEqual(['The text.']);
  });

  it('expands no entity of a billion-laughs DTD, and reads none of its declarations or references', async () => {
    const doctype = `<!DOCTYPE html [ ${billionLaughs()}
      <!ENTITY markup "<p>boo</p>"> <!-- a comment with ]> inside --> <?pi in the subset ?>
      <!ATTLIST p title CDATA "a ] b"> ]>`;
    const body = `<?xml-stylesheet href="style.css"?><p>Hello &lol9; world &markup;.</p>
      <?php echo "a > b" ?><p>Fish &amp; chips.</p>`;
    const script = await readScriptFile(xhtml(doctype, body), 'laughs.xhtml', options);
    expect(linesOf(script)).toEqual(['Hello world .', 'Fish & chips.']);
    expect(script.title).toBe('Page');
  });

  it('reads past a DTD of a hundred thousand declarations without reading any of it', async () => {
    const declarations = Array.from(
      { length: 100_000 },
      (_, index) => `<!ENTITY e${index} "&e${index + 1};&e${index + 1};">`,
    ).join('');
    const script = await readScriptFile(
      xhtml(`<!DOCTYPE html [ ${declarations} ]>`, '<p>Only &e0; this.</p>'),
      'huge-dtd.xhtml',
      options,
    );
    expect(linesOf(script)).toEqual(['Only this.']);
  });

  it('keeps the HTML entities an EPUB 2 declares for XML parsers (&nbsp;), and XML’s own', async () => {
    const script = await readScriptFile(
      xhtml(
        '<!DOCTYPE html [ <!ENTITY nbsp "&#160;"> <!ENTITY amp "&#38;#38;"> ]>',
        '<p>Mr.&nbsp;Smith &amp; son.</p>',
      ),
      'epub2.xhtml',
      options,
    );
    expect(linesOf(script)).toEqual(['Mr. Smith & son.']);
  });

  it('reads an EPUB whose package, navigation and chapters carry hostile DTDs, expanding nothing', async () => {
    const files = unzipSync(
      makeEpub({
        title: 'Laughs',
        author: 'Nobody',
        chapters: [{ title: 'One', paragraphs: ['First words.'] }],
      }),
    );
    const doctype = `<!DOCTYPE x [ ${billionLaughs()} <!ENTITY % pe "x"> %pe; ]>`;
    for (const name of ['OEBPS/content.opf', 'OEBPS/nav.xhtml', 'OEBPS/text/ch1.xhtml']) {
      files[name] = strToU8(
        strFromU8(files[name]!)
          .replace('?>', `?>${doctype}`)
          .replace('>Laughs<', '>Laughs &lol9;<')
          .replace(/>One</gu, '>One &lol9;<')
          .replace('First words.', 'First &lol9; words.'),
      );
    }
    const script = await readScriptFile(zipSync(files), 'laughs.epub', options);
    expect(script.title).toBe('Laughs');
    expect(script.chapters.map((chapter) => chapter.title)).toEqual(['One']);
    expect(linesOf(script)).toEqual(['One', 'First words.']);
  });
});
