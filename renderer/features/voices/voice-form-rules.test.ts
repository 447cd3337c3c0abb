import { describe, expect, it } from 'vitest';
import type { VoiceFormState } from './voice-form-rules.js';
import { checkVoiceForm, fieldOfServiceError } from './voice-form-rules.js';

const ready: VoiceFormState = {
  name: 'Narrator',
  description: '',
  language: 'en',
  modelVersion: 'v3.0',
  vocalFilter: false,
  professional: false,
  consent: true,
  prompt: { sizeBytes: 2_000_000, speechSeconds: 12 },
  avatar: null,
  plan: 'paid',
};

describe('voice form rules', () => {
  it('accepts a complete quick clone', () => {
    expect(checkVoiceForm(ready)).toMatchObject({
      canSubmit: true,
      problems: {},
      professionalUnavailable: null,
    });
  });

  it('needs a recording, a name and the speaker’s consent', () => {
    const check = checkVoiceForm({ ...ready, name: ' ', prompt: null, consent: false });
    expect(check.canSubmit).toBe(false);
    expect(check.problems.name).toBe('Give the voice a name.');
    expect(check.problems.prompt).toBe('Record or import the reference audio first.');
    expect(check.problems.consent).toContain('agreed');
  });

  it('refuses under 3 s of speech and over 100 MB, naming the rule', () => {
    expect(
      checkVoiceForm({ ...ready, prompt: { sizeBytes: 1000, speechSeconds: 2 } }).problems.prompt,
    ).toMatch(/3/);
    expect(
      checkVoiceForm({ ...ready, prompt: { sizeBytes: 101 * 1024 * 1024, speechSeconds: 60 } }).problems
        .prompt,
    ).toMatch(/100/);
  });

  it('makes a professional clone need a concrete language', () => {
    const check = checkVoiceForm({ ...ready, professional: true, language: 'auto' });
    expect(check.canSubmit).toBe(false);
    expect(check.problems.language).toContain('concrete language');
    expect(checkVoiceForm({ ...ready, professional: true, language: 'de' }).canSubmit).toBe(true);
  });

  it('disables professional cloning on v4.0 and refuses the combination', () => {
    const check = checkVoiceForm({ ...ready, modelVersion: 'v4.0', professional: true });
    expect(check.professionalUnavailable).toContain('v4.0');
    expect(check.canSubmit).toBe(false);
    expect(check.problems.professional).toContain('A professional clone is not allowed with the v4.0 model');
    expect(checkVoiceForm({ ...ready, modelVersion: 'v4.0' }).canSubmit).toBe(true);
  });

  it('explains the plan before a free account asks for a professional clone', () => {
    const check = checkVoiceForm({ ...ready, professional: true, plan: 'free' });
    expect(check.canSubmit).toBe(true);
    expect(check.notes.join(' ')).toContain('free plans do not include');
  });

  it('puts service errors next to the field they concern', () => {
    expect(fieldOfServiceError('VOICE_MODEL_VERSION_INVALID')).toBe('modelVersion');
    expect(fieldOfServiceError('VALIDATION_BAD_PARAMS')).toBe('professional');
    expect(fieldOfServiceError('UPLOAD_TOO_LARGE')).toBe('prompt');
    expect(fieldOfServiceError('VOICE_PROMPT_TOO_LARGE')).toBe('prompt');
    expect(fieldOfServiceError('SOMETHING', 403)).toBe('professional');
    expect(fieldOfServiceError('RATE_LIMIT_EXCEEDED', 429)).toBeNull();
  });
});
