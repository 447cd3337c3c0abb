/** Turning pasted scripts and text files into block texts: paragraphs, sentences, and a maximum length. */
export type { ScriptSplitOptions } from './script-split.js';
export {
  DEFAULT_MAX_BLOCK_LENGTH,
  MAX_MAX_BLOCK_LENGTH,
  MIN_MAX_BLOCK_LENGTH,
  splitScript,
} from './script-split.js';
export type { ParagraphMode } from './paragraphs.js';
export { sentenceBreaks } from './sentence-breaks.js';
export { clauseBreaks } from './clause-and-word-breaks.js';
export { codePointLength } from './characters.js';
export type { TextEncoding } from './text-file-decoding.js';
export {
  MAX_IMPORT_BYTES,
  TEXT_ENCODINGS,
  TEXT_ENCODING_NAMES,
  decodeTextFile,
} from './text-file-decoding.js';
export { chosenEncodingDoubt } from './encoding-doubt.js';
export { formatBytes } from './byte-size.js';
export { REDACTED, redactBearerCredentials } from './bearer-redaction.js';
