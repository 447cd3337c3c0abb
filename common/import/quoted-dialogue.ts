import type { ImportedLine } from './imported-script.js';

/** Speaker given to quoted lines when the paragraph does not say who speaks. */
const UNATTRIBUTED_SPEAKER = 'Dialogue';

const QUOTE = /“([^”]+)”|"([^"]+)"|«\s*([^»]+?)\s*»/gu;
/** Verbs of a speech tag ("…," Martha corrected him / asked her brother Thomas), past and present. */
const SPEECH_VERBS = [
  'said',
  'asked',
  'replied',
  'answered',
  'whispered',
  'shouted',
  'cried',
  'called',
  'muttered',
  'added',
  'continued',
  'exclaimed',
  'murmured',
  'yelled',
  'corrected',
  'agreed',
  'admitted',
  'insisted',
  'protested',
  'suggested',
  'explained',
  'warned',
  'began',
  'repeated',
  'remarked',
  'observed',
  'demanded',
  'snapped',
  'sighed',
  'laughed',
  'growled',
  'breathed',
  'offered',
  'pressed',
  'prompted',
  'interrupted',
  'retorted',
  'responded',
  'groaned',
  'hissed',
  'pleaded',
  'begged',
  'announced',
  'declared',
  'noted',
  'conceded',
  'countered',
  'ventured',
  'wondered',
  'mused',
  'teased',
  'stammered',
  'gasped',
  'confirmed',
  'objected',
  'returned',
  'reminded',
  'assured',
  'urged',
  'screamed',
  'roared',
  'barked',
  'told',
];
/** The present-tense tags books use. */
const PRESENT = [
  'says',
  'asks',
  'replies',
  'answers',
  'whispers',
  'shouts',
  'cries',
  'calls',
  'mutters',
  'adds',
  'continues',
  'exclaims',
  'murmurs',
  'yells',
  'corrects',
  'agrees',
  'insists',
  'explains',
  'tells',
];
const SPEECH_VERB = [...SPEECH_VERBS, ...PRESENT].join('|');
const HONORIFIC = '(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lady|Lord|Madam|Captain|Aunt|Uncle)\\.?\\s+';
const NAME = `(?:${HONORIFIC})?\\p{Lu}[\\p{L}'’\\-]+(?: \\p{Lu}[\\p{L}'’\\-]+)?`;
/** "her brother", "his old friend", "Zoë’s friend": who a speaker is to someone, before the name. */
const RELATION =
  "(?:(?:his|her|their|my|our|your|the|\\p{Lu}[\\p{L}\\-]*['’]s)\\s+(?:\\p{Ll}[\\p{L}'’\\-]*\\s+){1,2})";
const ADVERB = '(?:\\p{Ll}+ly\\s+)?';
const VERB_THEN_NAME = new RegExp(`\\b(?:${SPEECH_VERB})\\s+${ADVERB}(${RELATION}?)(${NAME})`, 'u');
const NAME_THEN_VERB = new RegExp(`(?:^|[\\s,—–-])(${NAME})\\s+${ADVERB}(?:${SPEECH_VERB})\\b`, 'u');
const PRONOUN_TAG = new RegExp(
  `(?:^|[\\s,—–-])(he|she)\\s+${ADVERB}(?:${SPEECH_VERB})\\b|\\b(?:${SPEECH_VERB})\\s+(he|she)\\b`,
  'iu',
);
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

type Gender = 'f' | 'm';
const FEMALE =
  /\b(?:sister|mother|wife|daughter|aunt|niece|grandmother|girlfriend|fiancée|queen|princess|mrs|miss|ms|lady|madam)\b/iu;
const MALE =
  /\b(?:brother|father|husband|son|uncle|nephew|grandfather|boyfriend|fiancé|king|prince|mr|sir|lord)\b/iu;

/** How many of the last speakers a "she said" may point back to. */
const RECENT_SPEAKERS = 3;

/**
 * Who has spoken lately in a chapter, and what the text has told of each (her brother Thomas: he), so a pronoun
 * tag ("…," she said) goes to the last named speaker it can be when only one can. One per chapter.
 */
export class DialogueContext {
  /** Speakers named in speech tags, the most recent first. */
  private readonly recent: string[] = [];
  private readonly genders = new Map<string, Gender>();
  /** Every speaker named in the chapter so far. */
  private readonly known = new Set<string>();

  /** Records a named speaker, with the gender the tag's relation word or honorific gives, if any. */
  named(name: string, relation: string): void {
    const gender = FEMALE.test(`${relation} ${name}`)
      ? 'f'
      : MALE.test(`${relation} ${name}`)
        ? 'm'
        : undefined;
    if (gender) this.genders.set(name, gender);
    this.remember(name);
  }

  /**
   * The speaker a pronoun tag means, or undefined where more than one could be meant: the one speaker of the
   * chapter the paragraph's narration names ("Thomas turned. “Wait,” he said."), else the last speaker it can be
   * when only one recent speaker can.
   */
  resolve(pronoun: string, narration: string): string | undefined {
    const gender: Gender = pronoun.toLowerCase() === 'she' ? 'f' : 'm';
    const fits = (name: string): boolean => (this.genders.get(name) ?? gender) === gender;
    const inNarration = [...this.known].filter((name) =>
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u').test(narration),
    );
    if (inNarration.length === 0) return this.fromRecent(gender);
    const fitting = inNarration.filter(fits);
    if (fitting.length === 0) return this.fromRecent(gender);
    if (fitting.length > 1) return undefined;
    const [named] = fitting as [string];
    this.genders.set(named, gender);
    this.remember(named);
    return named;
  }

  private fromRecent(gender: Gender): string | undefined {
    const candidates = this.recent.filter((name) => (this.genders.get(name) ?? gender) === gender);
    const [first] = candidates;
    if (first === undefined) return undefined;
    if (candidates.length > 1 && this.genders.get(first) !== gender) return undefined;
    this.genders.set(first, gender);
    this.remember(first);
    return first;
  }

  private remember(name: string): void {
    this.known.add(name);
    const index = this.recent.indexOf(name);
    if (index !== -1) this.recent.splice(index, 1);
    this.recent.unshift(name);
    this.recent.length = Math.min(this.recent.length, RECENT_SPEAKERS);
  }
}

/**
 * A paragraph of prose split into narration and dialogue: the text in quotation marks, marks kept (subtitles and
 * the script show them), becomes lines of the speaker the narration names ("…," said Alice / Alice asked /
 * asked her brother Thomas), or that a pronoun tag points back to ("…," she said) when the chapter's recent
 * speakers leave one choice, or of "Dialogue" otherwise, so the user can give that a voice too. The narration
 * between quotes stays with the narrator, in order.
 */
export function splitQuotedDialogue(paragraph: string, context = new DialogueContext()): ImportedLine[] {
  const pieces: { text: string; quoted: boolean }[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(QUOTE)) {
    const before = paragraph.slice(last, match.index).trim();
    if (before !== '') pieces.push({ text: before, quoted: false });
    const inside = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (inside !== '') pieces.push({ text: match[0].trim(), quoted: true });
    last = match.index + match[0].length;
  }
  const after = paragraph.slice(last).trim();
  if (after !== '') pieces.push({ text: after, quoted: false });
  if (!pieces.some((piece) => piece.quoted)) return [{ text: paragraph }];
  const narration = pieces
    .filter((piece) => !piece.quoted)
    .map((piece) => piece.text)
    .join(' ');
  const speaker = speakerOf(narration, context) ?? UNATTRIBUTED_SPEAKER;
  return pieces
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece.text))
    .map((piece) => (piece.quoted ? { text: piece.text, speaker } : { text: piece.text }));
}

function speakerOf(narration: string, context: DialogueContext): string | undefined {
  const tagged = VERB_THEN_NAME.exec(narration);
  if (tagged && !NOT_NAMES.has(tagged[2]!.split(' ')[0]!)) {
    context.named(tagged[2]!, tagged[1] ?? '');
    return tagged[2]!;
  }
  const leading = NAME_THEN_VERB.exec(narration);
  if (leading && !NOT_NAMES.has(leading[1]!.split(' ')[0]!)) {
    context.named(leading[1]!, '');
    return leading[1]!;
  }
  const pronoun = PRONOUN_TAG.exec(narration);
  const word = pronoun?.[1] ?? pronoun?.[2];
  return word === undefined ? undefined : context.resolve(word, narration);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
