/**
 * "2 lines marked to rewrite shorter are not sent: rewrite them, or clear the mark": the same words in Generate's
 * question, its notice and the export's "generate, then export", wherever lines are held back for a rewrite.
 */
export function rewriteHeldSentence(lines: number): string {
  return lines === 1
    ? '1 line marked to rewrite shorter is not sent: rewrite it, or clear the mark'
    : `${lines} lines marked to rewrite shorter are not sent: rewrite them, or clear the mark`;
}
