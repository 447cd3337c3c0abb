/** Markup with its DOCTYPE declarations and processing instructions taken out, and the entities it declared. */
export interface UndeclaredMarkup {
  markup: string;
  /** The general entities the DOCTYPE's internal subset declared: never expanded, so their references say nothing. */
  declaredEntities: ReadonlySet<string>;
}

/**
 * Takes DOCTYPE declarations (with their internal subsets) and processing instructions out of an HTML or XML
 * document in one pass, so no parser ever expands what a book's DTD declares and none of it is read aloud.
 * htmlparser2 knows no internal subset: it ends `<!DOCTYPE html [ <!ENTITY % pe "x"> %pe; ]>` at the first `>`
 * and reads ` %pe; ]>` as text, in its XML mode too. Comments, CDATA sections, tags
 * (whose attribute values may hold `<?`) and the raw text of scripts and styles are stepped over, untouched.
 * Linear in the length of the markup, whatever the DTD declares.
 */
export function withoutDeclarations(markup: string): UndeclaredMarkup {
  const kept: string[] = [];
  const declaredEntities = new Set<string>();
  let copiedUpTo = 0;
  let index = 0;
  const drop = (from: number, to: number): void => {
    kept.push(markup.slice(copiedUpTo, from));
    copiedUpTo = to;
  };
  while (index < markup.length) {
    const open = markup.indexOf('<', index);
    if (open < 0) break;
    if (markup.startsWith('<!--', open)) index = after(markup, '-->', open + 4);
    else if (startsWithIgnoringCase(markup, '<![CDATA[', open)) index = after(markup, ']]>', open + 9);
    else if (startsWithIgnoringCase(markup, '<!DOCTYPE', open)) {
      index = endOfDoctype(markup, open + 9, declaredEntities);
      drop(open, index);
    } else if (markup.startsWith('<?', open)) {
      // An HTML parser ends a stray `<?` at the next `>` when no `?>` closes it; so does this.
      const close = markup.indexOf('?>', open + 2);
      index = close >= 0 ? close + 2 : after(markup, '>', open + 2);
      drop(open, index);
    } else if (/[a-z]/iu.test(markup[open + 1] ?? '')) index = afterElementStart(markup, open);
    else index = open + 1;
  }
  kept.push(markup.slice(copiedUpTo));
  return { markup: kept.join(''), declaredEntities };
}

/** XML's own entities: redeclaring them (`<!ENTITY amp "&#38;#38;">`) is an XML idiom, not a new word. */
const PREDEFINED_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** Text without references to entities the document declared itself (and that were never expanded). */
export function withoutEntityReferences(text: string, declared: ReadonlySet<string>): string {
  if (declared.size === 0 || !text.includes('&')) return text;
  return text.replace(/&([^\s&;<>"']+);/gu, (reference, name: string) =>
    declared.has(name) && !PREDEFINED_ENTITIES.has(name) ? '' : reference,
  );
}

/** The index after `<!DOCTYPE …>`, stepping over quoted literals and an internal subset `[ … ]`. */
function endOfDoctype(markup: string, from: number, declaredEntities: Set<string>): number {
  let index = from;
  while (index < markup.length) {
    const char = markup[index];
    if (char === '"' || char === "'") index = after(markup, char, index + 1);
    else if (char === '[') index = endOfInternalSubset(markup, index + 1, declaredEntities);
    else if (char === '>') return index + 1;
    else index += 1;
  }
  return markup.length;
}

/** Where something in an internal subset may start or end: a quoted literal, a declaration, a comment, its `]`. */
const SUBSET_TOKEN = /["'<\]]/gu;

/** The index after the `]` closing an internal subset; the names of the general entities it declares are noted. */
function endOfInternalSubset(markup: string, from: number, declaredEntities: Set<string>): number {
  let index = from;
  while (index < markup.length) {
    // Jumps from token to token natively: a DTD of megabytes is stepped over in one linear pass.
    SUBSET_TOKEN.lastIndex = index;
    const token = SUBSET_TOKEN.exec(markup);
    if (token === null) return markup.length;
    index = token.index;
    const char = token[0];
    if (char === ']') return index + 1;
    if (char === '"' || char === "'") index = after(markup, char, index + 1);
    else if (markup.startsWith('<!--', index)) index = after(markup, '-->', index + 4);
    else if (markup.startsWith('<?', index)) index = after(markup, '?>', index + 2);
    else if (markup.startsWith('<!ENTITY', index))
      index = noteEntityName(markup, index + 8, declaredEntities);
    else index += 1;
  }
  return markup.length;
}

/**
 * Notes the name of a general entity declared at `from` (just after `<!ENTITY`) and returns the index after it.
 * Read by character codes, with no regular expression or string per character: hostile DTDs declare hundreds of
 * thousands.
 */
function noteEntityName(markup: string, from: number, declaredEntities: Set<string>): number {
  let index = from;
  while (isSpace(markup.charCodeAt(index))) index += 1;
  // `<!ENTITY % name …>` declares a parameter entity, used only inside the DTD itself.
  if (index === from || markup.charCodeAt(index) === PERCENT) return index;
  const start = index;
  while (index < markup.length && !endsEntityName(markup.charCodeAt(index))) index += 1;
  if (index > start) declaredEntities.add(markup.slice(start, index));
  return index;
}

const PERCENT = 0x25;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** Whitespace, a quote, `%`, `<`, `>` or `]`. */
function endsEntityName(code: number): boolean {
  return (
    isSpace(code) ||
    code === 0x22 ||
    code === 0x27 ||
    code === PERCENT ||
    code === 0x3c ||
    code === 0x3e ||
    code === 0x5d
  );
}

/** The index after an element's start tag, and after the raw text of a script or style. */
function afterElementStart(markup: string, open: number): number {
  let index = open + 1;
  while (index < markup.length && markup[index] !== '>') {
    const char = markup[index];
    index = char === '"' || char === "'" ? after(markup, char, index + 1) : index + 1;
  }
  const end = Math.min(index + 1, markup.length);
  const name = /^<(script|style)[\s/>]/iu.exec(markup.slice(open, open + 8))?.[1];
  if (name === undefined || markup[end - 2] === '/') return end;
  const close = new RegExp(`</${name}`, 'giu');
  close.lastIndex = end;
  return close.exec(markup)?.index ?? markup.length;
}

/** The index after the next `token` from `from`, or the end of the markup when there is none. */
function after(markup: string, token: string, from: number): number {
  const found = markup.indexOf(token, from);
  return found < 0 ? markup.length : found + token.length;
}

function startsWithIgnoringCase(markup: string, prefix: string, at: number): boolean {
  return markup.slice(at, at + prefix.length).toUpperCase() === prefix;
}
