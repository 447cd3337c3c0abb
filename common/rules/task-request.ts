import type { ContentBlock, RuleOptions } from './content-block.js';
import { validateContentBlock } from './content-block.js';
import type { RuleId, RuleViolation } from './violation.js';

/**
 * The body of `POST /api/tts/generate`: exactly one of three shapes (`contents`; `text` + `splitter`;
 * `text` + `splitterId`) plus the optional `srt` and `sync` flags.
 */
export type TaskRequestBody = TaskRequestFlags &
  (
    | { contents: ContentBlock[] }
    | { text: string; splitter: Record<string, unknown> }
    | { text: string; splitterId: string }
  );

export interface TaskRequestFlags {
  /** Subtitles; a free account's `true` is silently turned into `false` by the service. */
  srt?: boolean;
  /** Wait (at most 90 s) until the job reaches `processing`; audio still has to be polled. */
  sync?: boolean;
}

const SHAPE_FIELDS = ['contents', 'text', 'splitter', 'splitterId'] as const;
const FLAG_FIELDS = ['srt', 'sync'] as const;
const KNOWN_FIELDS: readonly string[] = [...SHAPE_FIELDS, ...FLAG_FIELDS];

/**
 * Checks a whole task request. Block violations are named by block; shape problems (which the service reports
 * as VALIDATION_CONFLICT) name the fields that clash. Unknown top-level fields are reported too: the client
 * builds this body itself, so one is a bug (a misspelt `sync` would silently turn into an asynchronous call).
 */
export function validateTaskRequest(body: unknown, options: RuleOptions = {}): RuleViolation[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [topLevel('', 'wrong-type', 'The task request must be an object.')];
  }
  const source = body as Readonly<Record<string, unknown>>;
  const violations: RuleViolation[] = [];
  for (const key of Object.keys(source)) {
    if (!KNOWN_FIELDS.includes(key) && source[key] !== undefined) {
      violations.push(
        topLevel(
          key,
          'unknown-field',
          `Task request: "${key}" is not a field of task creation (allowed: ${KNOWN_FIELDS.join(', ')}).`,
        ),
      );
    }
  }
  for (const flag of FLAG_FIELDS) {
    const value = source[flag];
    if (value !== undefined && typeof value !== 'boolean') {
      violations.push(topLevel(flag, 'wrong-type', `Task request: "${flag}" must be true or false.`));
    }
  }
  violations.push(...validateShape(source, options));
  return violations;
}

function validateShape(source: Readonly<Record<string, unknown>>, options: RuleOptions): RuleViolation[] {
  const present = (field: string): boolean => source[field] !== undefined;
  const hasContents = present('contents');
  const textShapeFields = ['text', 'splitter', 'splitterId'].filter(present);

  if (hasContents && textShapeFields.length > 0) {
    return [
      topLevel(
        textShapeFields[0] ?? 'contents',
        'shape-conflict',
        `Task request: "contents" cannot be sent together with ${textShapeFields.map((f) => `"${f}"`).join(' and ')}; send either blocks or text with a splitter.`,
      ),
    ];
  }
  if (hasContents) return validateContents(source.contents, options);

  if (textShapeFields.length === 0) {
    return [
      topLevel(
        'contents',
        'shape-missing',
        'Task request: send "contents" (blocks), or "text" with "splitter" or "splitterId".',
      ),
    ];
  }
  const violations: RuleViolation[] = [];
  if (present('splitter') && present('splitterId')) {
    violations.push(
      topLevel('splitterId', 'splitter-conflict', 'Task request: send "splitter" or "splitterId", not both.'),
    );
  }
  if (!present('text')) {
    violations.push(
      topLevel('text', 'shape-incomplete', 'Task request: "text" is required with a splitter.'),
    );
  } else if (typeof source.text !== 'string') {
    violations.push(topLevel('text', 'wrong-type', 'Task request: "text" must be a string.'));
  } else if (source.text.trim() === '') {
    violations.push(topLevel('text', 'not-empty', 'Task request: "text" must not be empty.'));
  }
  if (!present('splitter') && !present('splitterId')) {
    violations.push(
      topLevel(
        'splitter',
        'shape-incomplete',
        'Task request: "text" needs "splitter" or "splitterId" with it.',
      ),
    );
  }
  if (
    present('splitter') &&
    (typeof source.splitter !== 'object' || source.splitter === null || Array.isArray(source.splitter))
  ) {
    violations.push(
      topLevel('splitter', 'wrong-type', 'Task request: "splitter" must be an object of split rules.'),
    );
  }
  if (present('splitterId') && (typeof source.splitterId !== 'string' || source.splitterId.trim() === '')) {
    violations.push(
      topLevel('splitterId', 'not-empty', 'Task request: "splitterId" must be a non-empty string.'),
    );
  }
  return violations;
}

function validateContents(contents: unknown, options: RuleOptions): RuleViolation[] {
  if (!Array.isArray(contents)) {
    return [topLevel('contents', 'wrong-type', 'Task request: "contents" must be a list of blocks.')];
  }
  if (contents.length === 0) {
    return [topLevel('contents', 'not-empty', 'Task request: "contents" must hold at least one block.')];
  }
  return contents.flatMap((block, index) => validateContentBlock(block, index, options));
}

function topLevel(field: string, rule: RuleId, message: string): RuleViolation {
  return { path: field, field, rule, message };
}
