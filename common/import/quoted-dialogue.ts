import type { ImportedLine } from './imported-script.js';

/** Speaker given to quoted lines when the paragraph does not say who speaks. */
const UNATTRIBUTED_SPEAKER = 'Dialogue';

const QUOTE = /“([^”]+)”|"([^"]+)"|«\s*([^»]+?)\s*»/gu;
const SPEECH_VERB =
  'said|says|asked|asks|replied|replies|answered|whispered|shouted|cried|called|muttered|added|continued|exclaimed|murmured|yelled';
const NAME = "\\p{Lu}[\\p{L}'’\\-]+(?: \\p{Lu}[\\p{L}'’\\-]+)?";
const VERB_THEN_NAME = new RegExp(`\\b(?:${SPEECH_VERB})\\s+(${NAME})`, 'u');
const NAME_THEN_VERB = new RegExp(`(?:^|[\\s,])(${NAME})\\s+(?:${SPEECH_VERB})\\b`, 'u');
const NOT_NAMES = new Set([
  'He',
  'She',
  'I',
  'They',
  'We',
  'You',
  'It',
  'The',
  'His',
  'Her',
  'And',
  'But',
  'Then',
]);

/**
 * A paragraph of prose split into narration and dialogue: the text in quotation marks becomes lines of the
 * speaker the narration names ("…," said Alice / Alice asked), or of "Dialogue" when it names no one, so the
 * user can give that a voice too. The narration between quotes stays with the narrator, in order.
 */
export function splitQuotedDialogue(paragraph: string): ImportedLine[] {
  const pieces: { text: string; quoted: boolean }[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(QUOTE)) {
    const before = paragraph.slice(last, match.index).trim();
    if (before !== '') pieces.push({ text: before, quoted: false });
    const inside = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (inside !== '') pieces.push({ text: inside, quoted: true });
    last = match.index + match[0].length;
  }
  const after = paragraph.slice(last).trim();
  if (after !== '') pieces.push({ text: after, quoted: false });
  if (!pieces.some((piece) => piece.quoted)) return [{ text: paragraph }];
  const narration = pieces
    .filter((piece) => !piece.quoted)
    .map((piece) => piece.text)
    .join(' ');
  const speaker = speakerNamedIn(narration) ?? UNATTRIBUTED_SPEAKER;
  return pieces
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece.text))
    .map((piece) => (piece.quoted ? { text: piece.text, speaker } : { text: piece.text }));
}

function speakerNamedIn(narration: string): string | undefined {
  for (const pattern of [VERB_THEN_NAME, NAME_THEN_VERB]) {
    const name = pattern.exec(narration)?.[1];
    if (name !== undefined && !NOT_NAMES.has(name.split(' ')[0]!)) return name;
  }
  return undefined;
}
