import { type Handler, Parser } from 'htmlparser2';
import { withoutDeclarations, withoutEntityReferences } from './markup-declarations.js';

/**
 * XML read into plain objects, on htmlparser2 (the app's one markup parser, which reads the books' HTML too), in
 * its XML mode. An element is its text when it has neither attributes nor child elements; otherwise an object of
 * its attributes, its child elements by name (a list where a name repeats or is listed in `lists`) and its text
 * under `#text`. Only the five XML entities and character references are decoded: an entity a DTD declares is
 * never expanded (a billion-laughs file stays its own size). Nodes have no prototype.
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

/** The XML is not well-formed: an element is not closed or closed out of turn, or the file is cut short. */
export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

/**
 * The deepest nesting read. A lexicon, a package file or a document's properties nest a few levels; htmlparser2's
 * work grows with the square of the depth (100,000 nested elements take seconds), so a deeper file is refused.
 */
export const MAX_XML_DEPTH = 1000;

interface OpenElement {
  /** The name as written (prefix included), which its close tag must repeat. */
  readonly tag: string;
  readonly name: string;
  readonly node: XmlNode;
  readonly texts: string[];
  children: number;
}

/**
 * Reads well-formed XML; anything else throws an XmlSyntaxError naming the fault. Refused: an element left open
 * (a file cut short anywhere), closed out of turn, or a close tag that closes nothing; text or a second element
 * outside the root element; an attribute repeated or not in quotes; nesting deeper than MAX_XML_DEPTH. A DOCTYPE
 * (with its internal subset) and processing instructions are taken out first, unread, and references to the
 * entities it declares are dropped (markup-declarations.ts). Still read leniently, as htmlparser2 does: a bare `&`
 * stays an `&`, and a `<` inside an attribute's quotes is part of its value.
 */
export function readXmlTree(text: string, options: XmlTreeOptions = {}): XmlNode {
  const { markup, declaredEntities } = withoutDeclarations(text);
  const xml = withoutEntityReferences(markup, declaredEntities);
  const lists = new Set(options.lists ?? []);
  const attributePrefix = options.attributePrefix ?? '';
  const named = (name: string): string => (options.dropPrefixes ? name.slice(name.indexOf(':') + 1) : name);
  const root: OpenElement = { tag: '', name: '', node: newNode(), texts: [], children: 0 };
  const open: OpenElement[] = [root];
  let tagAttributes = new Set<string>();
  // While the text is written, an element closed "implied" is a self-closing tag or one closed out of turn; once
  // it has all been written, any element closed "implied" was left open: the file is cut short.
  let atEnd = false;
  const parser = new WellFormedParser(
    {
      onopentagname: (name) => {
        if (open.length > MAX_XML_DEPTH) {
          throw new XmlSyntaxError(`elements nest more than ${MAX_XML_DEPTH} deep`);
        }
        if (open.length === 1 && root.children > 0) {
          throw new XmlSyntaxError(`<${name}> is a second root element; the file must have one`);
        }
        tagAttributes = new Set();
      },
      onattribute: (attribute, _value, quote) => {
        if (tagAttributes.has(attribute)) throw new XmlSyntaxError(`the attribute ${attribute} is repeated`);
        if (quote !== '"' && quote !== "'") {
          throw new XmlSyntaxError(`the attribute ${attribute} has no value in quotes`);
        }
        tagAttributes.add(attribute);
      },
      onopentag: (name, attributes) => {
        const node = newNode();
        for (const [attribute, value] of Object.entries(attributes)) {
          if (options.dropPrefixes && /^xmlns(?::|$)/u.test(attribute)) continue;
          node[attributePrefix + named(attribute)] = value;
        }
        open.push({ tag: name, name: named(name), node, texts: [], children: 0 });
      },
      ontext: (data) => {
        const current = open.at(-1);
        if (!current || current === root) {
          if (data.trim() !== '')
            throw new XmlSyntaxError(`the text “${data.trim()}” is outside the root element`);
          return;
        }
        // The text's place among the children: a label's words before an inline element stay first.
        if (!Object.hasOwn(current.node, '#text')) current.node['#text'] = '';
        current.texts.push(data);
      },
      onclosetag: (name, isImplied) => {
        // A self-closing tag is closed "implied" too; its tag ends in "/>".
        if (isImplied && (atEnd || xml[parser.endIndex - 1] !== '/')) {
          throw new XmlSyntaxError(`<${name}> is not closed`);
        }
        const element = open.pop();
        const parent = open.at(-1);
        if (!element || !parent) return;
        parent.children += 1;
        attach(parent.node, element.name, valueOf(element), lists);
      },
    },
    (name) => open.some((element) => element.tag === name),
    xml,
  );
  parser.write(xml);
  atEnd = true;
  parser.end();
  return root.node;
}

/**
 * htmlparser2's parser in XML mode, refusing a close tag that matches no open element (htmlparser2 skips it
 * without a word, so a stray `</lexeme>` would otherwise pass).
 */
class WellFormedParser extends Parser {
  constructor(
    handler: Partial<Handler>,
    private readonly isOpen: (tag: string) => boolean,
    private readonly xml: string,
  ) {
    super(handler, { xmlMode: true });
  }

  override onclosetag(start: number, endIndex: number): void {
    const tag = this.xml.slice(start, endIndex);
    if (!this.isOpen(tag)) throw new XmlSyntaxError(`</${tag}> closes no open element`);
    super.onclosetag(start, endIndex);
  }
}

/** A node without a prototype: an element named `toString` or `__proto__` is one more name, nothing inherited. */
function newNode(): XmlNode {
  return Object.create(null) as XmlNode;
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
  const existing = Object.hasOwn(parent, name) ? parent[name] : undefined;
  if (existing === undefined) parent[name] = lists.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}
