/**
 * Splits text into sentences: after `.`, `!`, `?`, `…` (with any closing quotes or brackets) followed by
 * whitespace, after the CJK terminators `。！？` even without whitespace, and at line breaks. Punctuation stays
 * with its sentence; empty pieces are dropped.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const pattern = /[^\n]*?(?:[.!?…]+["'”’)\]]*(?=\s|$)|[。！？]+["'”’」』)\]]*|\n|$)/gu;
  for (const match of text.matchAll(pattern)) {
    const sentence = match[0].trim();
    if (sentence !== '') sentences.push(sentence);
    if (match[0] === '' && (match.index ?? 0) >= text.length) break;
  }
  return sentences;
}

/** Splits a long piece at the last comma/space (or hard) so that no piece exceeds `maxLength` characters. */
export function splitToMaxLength(piece: string, maxLength: number): string[] {
  const out: string[] = [];
  let rest = piece.trim();
  while ([...rest].length > maxLength) {
    const chars = [...rest];
    const window = chars.slice(0, maxLength).join('');
    const breakAt = Math.max(
      window.lastIndexOf(', '),
      window.lastIndexOf('; '),
      window.lastIndexOf('，'),
      window.lastIndexOf('、'),
      window.lastIndexOf(' '),
    );
    const cut = breakAt > maxLength / 3 ? breakAt + 1 : window.length;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') out.push(rest);
  return out;
}
