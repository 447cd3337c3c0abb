import type { TextEncoding } from './text-file-decoding.js';
import { TEXT_ENCODING_NAMES, decodeTextFile } from './text-file-decoding.js';

/** The start of each reading that is compared: enough to judge any script, quick on a 20 MB file. */
const SAMPLE_CHARACTERS = 100_000;

/**
 * Characters no readable text is made of: U+FFFD (bytes the encoding could not read), unassigned code points,
 * private-use ones, lone surrogates, and control codes other than tab, line breaks and form feed.
 */
// eslint-disable-next-line no-control-regex -- control characters are part of what it finds.
const UNREADABLE = /[\uFFFD\p{Cn}\p{Co}\p{Cs}\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu;
/** Chinese, Japanese and Korean characters: what Latin text read in the wrong UTF-16 byte order turns into. */
const EAST_ASIAN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Yi}\p{Script=Bopomofo}]/gu;
const LETTERS = /\p{L}/gu;
const LATIN_LETTERS = /\p{Script=Latin}/gu;
const VISIBLE = /\S/gu;
// eslint-disable-next-line no-control-regex -- the ASCII range is what it leaves out.
const NON_ASCII = /[^\u0000-\u007f]/u;
const NON_ASCII_LETTER = /[^\p{ASCII}\P{L}]/u;

interface Profile {
  visible: number;
  unreadable: number;
  eastAsian: number;
  letters: number;
  latinLetters: number;
}

function profileOf(text: string): Profile {
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  const count = (pattern: RegExp): number => sample.match(pattern)?.length ?? 0;
  return {
    visible: count(VISIBLE),
    unreadable: count(UNREADABLE),
    eastAsian: count(EAST_ASIAN),
    letters: count(LETTERS),
    latinLetters: count(LATIN_LETTERS),
  };
}

/**
 * Why the encoding the user chose looks wrong for these bytes, as a sentence, or undefined when it looks right
 * (or nothing was detected to compare it with). The chosen reading is compared with the detected one, by simple
 * counts on the start of each, in this order:
 * - the file starts with a byte-order mark that detection believed, and it names another encoding;
 * - most of the chosen reading is Chinese, Japanese or Korean where the detected one is Latin-alphabet text (the
 *   wrong UTF-16 byte order);
 * - Windows-1252 chosen for valid UTF-8 with non-ASCII characters (each becomes two or three, "Ã©");
 * - the chosen reading has characters that cannot be read (U+FFFD, unassigned, control) and the detected one none.
 * The detected reading is made again here, from the same bytes, so the check needs nothing kept from the pick.
 */
export function chosenEncodingDoubt(
  bytes: Uint8Array,
  chosen: { text: string; encoding: TextEncoding },
): string | undefined {
  const detected = decodeTextFile(bytes);
  if (!detected.ok || detected.encoding === chosen.encoding) return undefined;
  const reason = reasonOf(chosen, detected);
  return reason === undefined
    ? undefined
    : `This does not look like ${TEXT_ENCODING_NAMES[chosen.encoding]}: ${reason}; the file reads as ${TEXT_ENCODING_NAMES[detected.encoding]}.`;
}

function reasonOf(
  chosen: { text: string; encoding: TextEncoding },
  detected: { text: string; encoding: TextEncoding; mark?: TextEncoding },
): string | undefined {
  if (detected.mark !== undefined && detected.mark === detected.encoding) {
    return `the file starts with a ${TEXT_ENCODING_NAMES[detected.mark]} byte-order mark`;
  }
  const mine = profileOf(chosen.text);
  const theirs = profileOf(detected.text);
  if (mine.eastAsian * 2 > mine.visible && theirs.latinLetters * 2 > theirs.letters) {
    return `most of its characters come out as Chinese, Japanese or Korean, where the text is in the Latin alphabet`;
  }
  const sample = detected.text.slice(0, SAMPLE_CHARACTERS);
  const accented = (NON_ASCII_LETTER.exec(sample) ?? NON_ASCII.exec(sample))?.[0];
  if (chosen.encoding === 'windows-1252' && detected.encoding === 'utf-8' && accented !== undefined) {
    const garbled = decodeTextFile(new TextEncoder().encode(accented), 'windows-1252');
    const example = garbled.ok ? `, “${accented}” reads as “${garbled.text}”` : '';
    return `each accented letter or symbol comes out as two or three characters${example}`;
  }
  if (mine.unreadable > 0 && theirs.unreadable === 0) {
    const share = Math.max(1, Math.round((mine.unreadable / Math.max(1, mine.visible)) * 100));
    return `${share}% of its characters cannot be read in it (shown as �, or unassigned or control codes)`;
  }
  return undefined;
}
