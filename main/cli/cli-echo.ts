/**
 * How a refusal repeats what was typed. The flags whose values are repeated take keywords and numbers
 * (--format wav, --rate 44100) and the command is one word, so a longer value, or an option that is not a
 * lower-case word, is described instead of repeated: it may be a token pasted into the wrong place, and
 * stderr ends up in terminals' scrollback, CI logs and bug reports.
 */
const MAX_ECHOED_LENGTH = 12;

/** `"ogg"`, or `a 18-character value (not repeated, in case it is a secret)`. */
export function echoedValue(value: string): string {
  if (value.length <= MAX_ECHOED_LENGTH && /^[\p{L}\p{N} ._+-]*$/u.test(value)) return `"${value}"`;
  return `a ${value.length}-character value (not repeated, in case it is a secret)`;
}

/** `--nope`, or a description when the option is not spelled like one of the tool's (lower-case words). */
export function echoedOption(option: string): string {
  if (/^--?[a-z]+(?:-[a-z]+)*$/u.test(option) && option.length <= 2 + 2 * MAX_ECHOED_LENGTH) return option;
  return '(not repeated here, in case it is a secret; see timbre --help for the options)';
}
