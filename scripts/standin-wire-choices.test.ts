import { describe, expect, it } from 'vitest';
import * as standin from '../standin/wire-choices.js';
import { MAX_BLOCKS_PER_TASK, MAX_CHARACTERS_PER_TASK } from '../common/generation/generation-batches.js';
import { classifyTaskStatus, classifyVoiceStatus } from '../common/rules/remote-status.js';
import { EXPLAINED_SERVICE_CODES, explainServiceCode } from '../common/rules/service-codes.js';
import * as app from '../common/rules/vocabulary.js';

/*
 * The stand-in may not import the app (it is the other side of the wire), so its vocabulary, limits, statuses and
 * error codes are copies of the contract's (standin/wire-choices.ts). This test reads both sides and fails when
 * one changes without the other. It lives here, not in common/, because the page's TypeScript project (which
 * compiles common/) does not include the stand-in.
 */

describe('the stand-in and the app speak the same contract', () => {
  it('accept the same languages, presets, block types and keys per block type', () => {
    expect(standin.LANGUAGES).toEqual(app.LANGUAGES);
    expect(standin.PRESETS).toEqual(app.PRESETS);
    expect(standin.CONTENT_TYPES).toEqual(app.BLOCK_TYPES);
    expect(standin.KEYS_BY_CONTENT_TYPE).toEqual(app.BLOCK_TYPE_KEYS);
    expect(standin.MODEL_VERSIONS).toEqual(app.MODEL_VERSIONS);
  });

  it('hold block parameters to the same ranges', () => {
    expect(standin.RANGES.mosScore).toEqual(app.RANGES.mos_score);
    expect(standin.RANGES.sfxLengthS).toEqual(app.RANGES.sfx_length);
    expect(standin.RANGES.speechRate).toEqual(app.RANGES.speechRate);
    expect(standin.RANGES.emoSwitch).toEqual({ count: app.EMO_SWITCH_LENGTH, ...app.RANGES.emo_switch });
    expect(standin.RANGES.seed).toEqual({ unset: app.SEED_UNSET, min: 0, max: app.SEED_MAX });
  });

  it('hold uploads to the same limits, and the app sends no task the stand-in would refuse for its size', () => {
    expect(standin.MAX_UPLOAD_FILE_BYTES).toBe(app.MAX_UPLOAD_FILE_BYTES);
    expect(standin.MAX_MULTIPART_FILES).toBe(app.MAX_UPLOAD_FILES);
    expect(standin.MIN_PROMPT_SPEECH_S).toBe(app.MIN_SPEECH_SECONDS);
    expect(MAX_BLOCKS_PER_TASK).toBeLessThanOrEqual(standin.MAX_CONTENT_BLOCKS);
    expect(MAX_CHARACTERS_PER_TASK).toBeLessThanOrEqual(standin.MAX_TEXT_BLOCK_CHARACTERS);
  });

  it('read every task status the stand-in gives the way the stand-in means it', () => {
    const classes = Object.fromEntries(
      standin.TASK_STATUSES.map((status) => [status, classifyTaskStatus(status)]),
    );
    expect(classes).toEqual({
      pending: 'in-progress',
      processing: 'in-progress',
      generated: 'done',
      failed: 'failed',
    });
  });

  it('read every voice status the stand-in gives: usable ones as done, unfinished ones as in progress', () => {
    const byClass = (wanted: string): string[] =>
      standin.VOICE_STATUSES.filter((status) => classifyVoiceStatus(status) === wanted);
    expect(byClass('done')).toEqual([...standin.USABLE_VOICE_STATUSES]);
    expect(byClass('in-progress')).toEqual([...standin.UNFINISHED_VOICE_STATUSES]);
    expect(byClass('unknown')).toEqual([]);
  });

  it('explain only error codes the stand-in sends, and explain the stand-in’s rate limit', () => {
    const sent: readonly string[] = standin.ERROR_CODES;
    expect(EXPLAINED_SERVICE_CODES.filter((code) => !sent.includes(code))).toEqual([]);
    const rateLimits = sent.filter((code) => code.startsWith('RATE_LIMIT'));
    expect(rateLimits.length).toBeGreaterThan(0);
    for (const code of rateLimits) expect(explainServiceCode(code), code).toBeDefined();
  });
});
