import { Parser } from 'htmlparser2';

/**
 * XML read into plain objects, on htmlparser2 (the app's one markup parser, which reads the books' HTML too), in
 * its XML mode. An element is its text when it has neither attributes nor child elements; otherwise an object of
 * its attributes, its child elements by name (a list where a name repeats or is listed in `lists`) and its text
 * under `#text`. Only the five XML entities and character references are decoded: an entity a DTD declares is
 * never expanded (a billion-laughs file stays its own size).
 */
export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

export interface XmlTreeOptions {
  /** Elements always read as a list, even where one appears. */
  readonly lists?: readonly string[];
  /** Drops namespace prefixes from element and attribute names (`dc:title` is `title`), and the xmlns attributes. */
  readonly dropPrefixes?: boolean;
  /** Put before each attribute's name, so an attribute and a child element of one name stay apart. */
  readonly attributePrefix?: string;
}

/** The XML is not well-formed: an element is not closed, or closed out of turn. */
export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

interface OpenElement {
  readonly name: string;
  readonly node: XmlNode;
  readonly texts: string[];
  children: number;
}

export function readXmlTree(text: string, options: XmlTreeOptions = {}): XmlNode {
  const lists = new Set(options.lists ?? []);
  const attributePrefix = options.attributePrefix ?? '';
  const named = (name: string): string => (options.dropPrefixes ? name.slice(name.indexOf(':') + 1) : name);
  const root: OpenElement = { name: '', node: {}, texts: [], children: 0 };
  const open: OpenElement[] = [root];
  const parser = new Parser(
    {
      onopentag: (name, attributes) => {
        const node: XmlNode = {};
        for (const [attribute, value] of Object.entries(attributes)) {
          if (options.dropPrefixes && /^xmlns(?::|$)/u.test(attribute)) continue;
          node[attributePrefix + named(attribute)] = value;
        }
        open.push({ name: named(name), node, texts: [], children: 0 });
      },
      ontext: (data) => {
        const current = open.at(-1);
        if (current && current !== root) {
          // The text's place among the children: a label's words before an inline element stay first.
          if (!('#text' in current.node)) current.node['#text'] = '';
          current.texts.push(data);
        }
      },
      onclosetag: (name, isImplied) => {
        // A self-closing tag is closed "implied" too; its tag ends in "/>".
        if (isImplied && text[parser.endIndex - 1] !== '/') {
          throw new XmlSyntaxError(`<${name}> is not closed`);
        }
        const element = open.pop();
        const parent = open.at(-1);
        if (!element || !parent) return;
        parent.children += 1;
        attach(parent.node, element.name, valueOf(element), lists);
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  return root.node;
}

function valueOf(element: OpenElement): XmlValue {
  const text = element.texts.join('').trim();
  const { node } = element;
  if (text === '') delete node['#text'];
  else node['#text'] = text;
  const keys = Object.keys(node);
  if (keys.length === 0) return '';
  return keys.length === 1 && keys[0] === '#text' && element.children === 0 ? text : node;
}

function attach(parent: XmlNode, name: string, value: XmlValue, lists: ReadonlySet<string>): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = lists.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/** Text or an attribute's value written into XML: the five characters XML reserves, escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => XML_ESCAPES[character] ?? character);
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
