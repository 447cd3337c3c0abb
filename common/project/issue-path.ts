import type { z } from 'zod';

/** `['tracks', 'speech', 'blocks', 3, 'text']` → `tracks.speech.blocks[3].text`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** The path of the first bad field and a sentence about it, from zod's first issue. */
export function describeFirstIssue(error: z.ZodError): { fieldPath: string; problem: string } {
  const issue = error.issues[0];
  if (issue === undefined) return { fieldPath: '', problem: 'is invalid' };
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return { fieldPath: formatPath([...issue.path, key]), problem: 'is not a known field here' };
  }
  return { fieldPath: formatPath(issue.path), problem: lowerFirst(issue.message) };
}

function lowerFirst(text: string): string {
  return text.length === 0 ? text : text[0]!.toLowerCase() + text.slice(1);
}
