import { describe, expect, it } from 'vitest';
import { escapeXml, readXmlTree, XmlSyntaxError } from './xml-tree.js';

describe('readXmlTree', () => {
  it('reads an element as its text, or as its attributes, children and text; repeated names as lists', () => {
    const tree = readXmlTree(
      `<?xml version="1.0"?>
<package version="3.0">
  <metadata><title>Harbour &amp; Sea</title><language>en</language><creator>Ann</creator><creator>Bo</creator></metadata>
  <manifest><item id="c1" href="c1.xhtml"/></manifest>
  <note kind="aside">Mind <em>the</em> gap</note>
  <empty/>
</package>`,
      { lists: ['item'] },
    );
    expect(tree).toEqual({
      package: {
        version: '3.0',
        metadata: { title: 'Harbour & Sea', language: 'en', creator: ['Ann', 'Bo'] },
        manifest: { item: [{ id: 'c1', href: 'c1.xhtml' }] },
        note: { kind: 'aside', '#text': 'Mind  gap', em: 'the' },
        empty: '',
      },
    });
  });

  it('sets namespace prefixes aside when asked, and keeps them (with an attribute prefix) otherwise', () => {
    const xml =
      '<cp:coreProperties xmlns:cp="urn:cp" xmlns:dc="urn:dc"><dc:title xml:lang="en">T</dc:title></cp:coreProperties>';
    expect(readXmlTree(xml, { dropPrefixes: true })).toEqual({
      coreProperties: { title: { lang: 'en', '#text': 'T' } },
    });
    expect(readXmlTree(xml, { attributePrefix: '@_' })).toEqual({
      'cp:coreProperties': {
        '@_xmlns:cp': 'urn:cp',
        '@_xmlns:dc': 'urn:dc',
        'dc:title': { '@_xml:lang': 'en', '#text': 'T' },
      },
    });
  });

  it('expands no entity a DTD declares: a billion laughs stays a few bytes', () => {
    const laughs = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`,
    ).join('');
    const tree = readXmlTree(`<!DOCTYPE t [<!ENTITY lol0 "lol">${laughs}]><t>&lol9;</t>`);
    expect(JSON.stringify(tree).length).toBeLessThan(200);
    expect(JSON.stringify(tree)).not.toContain('lollol');
  });

  it('refuses XML whose elements are not closed, or closed out of turn, naming the element', () => {
    expect(() => readXmlTree('<lexicon><lexeme>')).toThrow(new XmlSyntaxError('<lexeme> is not closed'));
    expect(() => readXmlTree('<a><b></a>')).toThrow(new XmlSyntaxError('<b> is not closed'));
    expect(readXmlTree('<a><b/><b /></a>')).toEqual({ a: { b: ['', ''] } });
  });
});

describe('escapeXml', () => {
  it('escapes what XML reserves, so text reads back as it was', () => {
    const text = `Tom & "Jerry" <'s> cat`;
    expect(escapeXml(text)).toBe('Tom &amp; &quot;Jerry&quot; &lt;&apos;s&gt; cat');
    expect(readXmlTree(`<t a="${escapeXml(text)}">${escapeXml(text)}</t>`)).toEqual({
      t: { a: text, '#text': text },
    });
  });
});
