import { ServiceError, badParams } from '../http/service-error.js';
import type { SplitterConfig } from '../state/schema.js';
import { compileContents, parseInlineSplitter, type SplitterRules } from './text-splitter.js';

export type RequestShape = 'contents' | 'text+splitter' | 'text+splitterId';

export interface GenerateRequest {
  shape: RequestShape;
  /** Raw blocks, still to be validated (shapes 2 and 3 are compiled here). */
  contents: unknown;
  srtRequested: boolean;
  sync: boolean;
}

/**
 * Resolves which of the three exclusive body shapes was sent. Mixing shapes (contents with text/splitter/
 * splitterId, or splitter with splitterId) is 400 VALIDATION_CONFLICT; an incomplete shape names what is missing.
 */
export function resolveGenerateRequest(
  body: Record<string, unknown>,
  findSplitter: (id: string) => SplitterConfig | undefined,
): GenerateRequest {
  const srtRequested = optionalBoolean(body, 'srt');
  const sync = optionalBoolean(body, 'sync');
  const has = (key: string) => body[key] !== undefined;
  if (has('contents') && (has('text') || has('splitter') || has('splitterId'))) {
    throw new ServiceError(
      400,
      'VALIDATION_CONFLICT',
      'contents cannot be sent together with text, splitter or splitterId',
    );
  }
  if (has('splitter') && has('splitterId')) {
    throw new ServiceError(400, 'VALIDATION_CONFLICT', 'splitter and splitterId cannot both be sent');
  }
  if (has('contents')) return { shape: 'contents', contents: body.contents, srtRequested, sync };
  if (!has('text')) {
    if (has('splitter') || has('splitterId')) throw badParams('text is required with splitter or splitterId');
    throw badParams('body must have contents, text + splitter, or text + splitterId');
  }
  if (typeof body.text !== 'string' || body.text.trim() === '')
    throw badParams('text must be a non-empty string');
  let rules: SplitterRules;
  let shape: RequestShape;
  if (has('splitter')) {
    rules = parseInlineSplitter(body.splitter);
    shape = 'text+splitter';
  } else if (has('splitterId')) {
    if (typeof body.splitterId !== 'string') throw badParams('splitterId must be a string');
    const saved = findSplitter(body.splitterId);
    if (!saved)
      throw new ServiceError(
        404,
        'SPLITTER_NOT_FOUND',
        `splitter configuration ${body.splitterId} does not exist`,
      );
    rules = { mode: saved.mode, maxLength: saved.maxLength, blockDefaults: saved.blockDefaults };
    shape = 'text+splitterId';
  } else {
    throw badParams('text needs splitter or splitterId (or send contents instead)');
  }
  return { shape, contents: compileContents(body.text, rules), srtRequested, sync };
}

function optionalBoolean(body: Record<string, unknown>, key: string): boolean {
  const value = body[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw badParams(`${key} must be a boolean`);
  return value;
}
