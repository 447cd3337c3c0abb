import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, readXmlTree, XmlSyntaxError } from './xml-tree.js';
import { escapeXml } from './escape-xml.js';

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

  it('refuses a file cut short, even just after a slash or the start of a close tag', () => {
    for (const cut of ['<a>x/', '<a><b>x</', '<a><b/', '<a>x</a', '<a b="1"/']) {
      expect(() => readXmlTree(cut), cut).toThrow(XmlSyntaxError);
    }
    expect(() => readXmlTree('<a>x/')).toThrow(new XmlSyntaxError('<a> is not closed'));
  });

  it('keeps elements named like Object.prototype members as plain names, with nothing inherited', () => {
    const tree = readXmlTree(
      '<a><toString>1</toString><__proto__>2</__proto__><constructor>3</constructor></a>',
    );
    const a = tree['a'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(a)).toBeNull();
    expect(Object.entries(a)).toEqual([
      ['toString', '1'],
      ['__proto__', '2'],
      ['constructor', '3'],
    ]);
  });

  it('refuses elements nested deeper than it reads, naming the limit', () => {
    const nested = (depth: number): string => '<e>'.repeat(depth) + '</e>'.repeat(depth);
    expect(() => readXmlTree(nested(MAX_XML_DEPTH))).not.toThrow();
    expect(() => readXmlTree(nested(MAX_XML_DEPTH + 1))).toThrow(
      new XmlSyntaxError(`elements nest more than ${MAX_XML_DEPTH} deep`),
    );
  });

  it('reads no element out of a DOCTYPE internal subset, and drops references to its entities', () => {
    const xml =
      '<!DOCTYPE a [<!ENTITY x "<b>evil</b>"> <!ENTITY y SYSTEM "file:///etc/passwd">]><a>&x;&y;ok &amp;</a>';
    expect(readXmlTree(xml)).toEqual({ a: 'ok &' });
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
