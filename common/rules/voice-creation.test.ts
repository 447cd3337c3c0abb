import { describe, expect, it } from 'vitest';
import { validateUploadFileCount, validateVoiceCreation } from './voice-creation.js';
import type { VoiceCreationInput } from './voice-creation.js';
import { MAX_UPLOAD_FILE_BYTES } from './vocabulary.js';

const prompt = { sizeBytes: 400_000, speechSeconds: 12 };
const rules = (input: VoiceCreationInput) => validateVoiceCreation(input).map((v) => `${v.field}:${v.rule}`);

describe('validateVoiceCreation', () => {
  it('accepts a quick clone on either model version and a v3.0 professional clone', () => {
    expect(rules({ name: 'Ada', prompt })).toEqual([]);
    expect(rules({ name: 'Ada', prompt, modelVersion: 'v4.0', language: 'auto', vocalFilter: true })).toEqual(
      [],
    );
    expect(
      rules({ name: 'Ada', prompt, modelVersion: 'v3.0', lora: 'ada_pro-1', language: 'en', isTest: true }),
    ).toEqual([]);
  });

  it('rejects other model versions instead of downgrading', () => {
    const [violation] = validateVoiceCreation({ name: 'Ada', prompt, modelVersion: 'v3.5' });
    expect(violation).toMatchObject({ field: 'modelVersion', rule: 'model-version', path: 'modelVersion' });
    expect(violation?.message).toMatch(/v3\.0 or v4\.0.*v3\.5/);
  });

  it('requires a concrete language for a professional clone', () => {
    expect(rules({ name: 'Ada', prompt, lora: 'x1' })).toEqual(['language:pro-clone-language']);
    expect(rules({ name: 'Ada', prompt, lora: 'x1', language: 'auto' })).toEqual([
      'language:pro-clone-language',
    ]);
    expect(rules({ name: 'Ada', prompt, lora: 'x1', language: 'de' })).toEqual([]);
    expect(rules({ name: 'Ada', prompt, language: 'xx' })).toEqual(['language:not-in-list']);
  });

  it('rejects lora, isTest and vcover on v4.0, each by name', () => {
    expect(
      rules({
        name: 'Ada',
        prompt,
        modelVersion: 'v4.0',
        lora: 'x1',
        language: 'en',
        isTest: false,
        vcover: {},
      }),
    ).toEqual(['lora:v4-forbidden', 'isTest:v4-forbidden', 'vcover:v4-forbidden']);
  });

  it('enforces the 100 MB limits, the 3-second speech floor and a prompt being present', () => {
    expect(rules({ name: 'Ada', prompt: { sizeBytes: MAX_UPLOAD_FILE_BYTES } })).toEqual([]);
    expect(rules({ name: 'Ada', prompt: { sizeBytes: MAX_UPLOAD_FILE_BYTES + 1 } })).toEqual([
      'prompt:prompt-too-large',
    ]);
    expect(rules({ name: 'Ada', prompt, avatar: { sizeBytes: MAX_UPLOAD_FILE_BYTES + 1 } })).toEqual([
      'avatar:file-too-large',
    ]);
    expect(rules({ name: 'Ada', prompt: { sizeBytes: 1000, speechSeconds: 2.9 } })).toEqual([
      'prompt:speech-too-short',
    ]);
    expect(rules({ name: 'Ada', prompt: { sizeBytes: 1000, speechSeconds: 3 } })).toEqual([]);
    expect(rules({ name: 'Ada', prompt: { sizeBytes: 0 } })).toEqual(['prompt:not-empty']);
    expect(rules({ name: 'Ada' })).toEqual(['prompt:required']);
  });

  it('requires a name and an identifier-shaped lora', () => {
    expect(rules({ prompt })).toEqual(['name:required']);
    expect(rules({ name: ' ', prompt })).toEqual(['name:not-empty']);
    expect(rules({ name: 'A', prompt, lora: 'has spaces', language: 'en' })).toEqual(['lora:wrong-type']);
  });

  it('limits an upload to two files', () => {
    expect(validateUploadFileCount(2)).toEqual([]);
    expect(validateUploadFileCount(3)).toEqual([
      expect.objectContaining({
        field: 'files',
        rule: 'too-many-files',
        message: expect.stringContaining('at most 2 files'),
      }),
    ]);
  });
});
