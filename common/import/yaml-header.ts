/**
 * A Markdown file's YAML metadata block (pandoc's `---` … `---` or `...` at the very start): the title, subtitle,
 * author(s), language and rights it gives, and the Markdown after it. It is metadata, never text to read aloud.
 * Hand-written for the flat keys books use (`key: value`, quoted values, `[a, b]` and `- a` lists): a YAML
 * package would be the only one in the page's bundle for five keys.
 */
interface YamlHeader {
  title?: string;
  subtitle?: string;
  author?: string;
  language?: string;
  rights?: string;
}

const OPENING = /^(?:\uFEFF)?---[ \t]*\r?\n/u;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/mu;

export function splitYamlHeader(markdown: string): { header: YamlHeader | null; body: string } {
  const opening = OPENING.exec(markdown);
  if (!opening) return { header: null, body: markdown };
  const rest = markdown.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return { header: null, body: markdown };
  const values = new Map<string, string[]>();
  let listKey: string | undefined;
  for (const line of rest.slice(0, closing.index).split(/\r?\n/u)) {
    const item = /^\s+-\s+(.*)$/u.exec(line) ?? /^-\s+(.*)$/u.exec(line);
    if (item && listKey !== undefined) {
      values.get(listKey)!.push(unquote(item[1]!));
      continue;
    }
    const pair = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/u.exec(line);
    if (!pair) continue;
    const key = pair[1]!.toLowerCase();
    const value = pair[2]!.trim();
    listKey = value === '' ? key : undefined;
    const list = /^\[(.*)\]$/u.exec(value);
    values.set(key, list ? list[1]!.split(',').map(unquote) : value === '' ? [] : [unquote(value)]);
  }
  // Without a single key, a leading rule and text are a document's own, not a header.
  if (values.size === 0) return { header: null, body: markdown };
  const first = (key: string): string | undefined => values.get(key)?.find((value) => value !== '');
  const authors = (values.get('author') ?? values.get('creator') ?? []).filter((value) => value !== '');
  const header: YamlHeader = {};
  const title = first('title');
  const subtitle = first('subtitle');
  const language = first('lang') ?? first('language');
  const rights = first('rights') ?? first('copyright');
  if (title) header.title = title;
  if (subtitle) header.subtitle = subtitle;
  if (authors.length > 0) header.author = authors.join(', ');
  if (language) header.language = language;
  if (rights) header.rights = rights;
  return { header, body: rest.slice(closing.index + closing[0].length) };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^"(.*)"$/u.exec(trimmed) ?? /^'(.*)'$/u.exec(trimmed);
  return (quoted ? quoted[1]! : trimmed).trim();
}
