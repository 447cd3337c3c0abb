import type { RuleViolation } from '../../../common/rules/index.js';
import { validateVoiceCreation } from '../../../common/rules/index.js';
import type { Plan } from '../../../common/settings/settings-schema.js';

export type VoiceFormField =
  'name' | 'language' | 'modelVersion' | 'professional' | 'prompt' | 'consent' | 'avatar';

export interface VoiceFormState {
  name: string;
  description: string;
  language: string;
  modelVersion: 'v3.0' | 'v4.0';
  vocalFilter: boolean;
  professional: boolean;
  consent: boolean;
  prompt: { sizeBytes: number; speechSeconds: number } | null;
  avatar: { sizeBytes: number } | null;
  plan: Plan;
}

export interface VoiceFormCheck {
  problems: Partial<Record<VoiceFormField, string>>;
  canSubmit: boolean;
  /** Why the professional-clone option is unavailable, when it is. */
  professionalUnavailable: string | null;
  /** Plain-words notes that do not block submitting. */
  notes: string[];
}

const fieldOfViolation: Record<string, VoiceFormField> = {
  name: 'name',
  language: 'language',
  modelVersion: 'modelVersion',
  lora: 'professional',
  isTest: 'professional',
  vcover: 'professional',
  prompt: 'prompt',
  avatar: 'avatar',
};

/**
 * The contract's voice-creation rules (shared with main and the client) applied to the form as the user types,
 * plus what only the form knows: a recording or file is needed, and the speaker's consent.
 */
export function checkVoiceForm(state: VoiceFormState): VoiceFormCheck {
  const violations: RuleViolation[] = validateVoiceCreation({
    name: state.name,
    language: state.language,
    modelVersion: state.modelVersion,
    description: state.description,
    vocalFilter: state.vocalFilter,
    // The identifier itself is chosen by main; any identifier-shaped value exercises the same rules.
    ...(state.professional ? { lora: 'professional-clone' } : {}),
    ...(state.prompt ? { prompt: state.prompt } : {}),
    ...(state.avatar ? { avatar: state.avatar } : {}),
  });
  const problems: Partial<Record<VoiceFormField, string>> = {};
  if (!state.prompt) problems.prompt = 'Record or import the reference audio first.';
  for (const violation of violations) {
    const field = fieldOfViolation[violation.field] ?? 'name';
    problems[field] ??= plainWords(violation);
  }
  if (!state.consent) problems.consent = 'Confirm that the speaker agreed to have their voice cloned.';

  const professionalUnavailable =
    state.modelVersion === 'v4.0'
      ? 'Professional cloning is not available with v4.0 (preview). Choose v3.0 to use it.'
      : null;
  const notes: string[] = [];
  if (state.professional && state.plan === 'free') {
    notes.push(
      'Professional clones need professional-cloning access, which free plans do not include: the service will refuse it (403).',
    );
  }
  if (state.professional) {
    notes.push('Professional clones train for longer and work best from 30 minutes or more of clean speech.');
  }
  if (state.modelVersion === 'v4.0') notes.push('v4.0 is a preview model.');
  return { problems, canSubmit: Object.keys(problems).length === 0, professionalUnavailable, notes };
}

/** Where a service error about a voice belongs in the form, so it is shown next to that field. */
export function fieldOfServiceError(code: string, httpStatus?: number): VoiceFormField | null {
  switch (code) {
    case 'VOICE_MODEL_VERSION_INVALID':
      return 'modelVersion';
    case 'VALIDATION_BAD_PARAMS':
    case 'PRO_CLONE_FORBIDDEN':
    case 'PRO_CLONE_QUOTA_EXCEEDED':
      return 'professional';
    case 'UPLOAD_TOO_LARGE':
    case 'VOICE_PROMPT_TOO_LARGE':
    case 'VOICE_PROMPT_TOO_SHORT':
    case 'VOICE_PROMPT_INVALID':
      return 'prompt';
    default:
      return httpStatus === 403 ? 'professional' : null;
  }
}

/** What the contract's fields are called on the form. */
const FIELD_WORDS: Record<string, string> = {
  name: 'The name',
  language: 'The language',
  modelVersion: 'The model',
  prompt: 'The reference audio',
  avatar: 'The avatar',
  lora: 'A professional clone',
  isTest: 'A test clone',
  vcover: 'A cover clone',
  description: 'The description',
  vocalFilter: 'The vocal filter',
};

/**
 * A rule's message in the form's words: the rules speak the contract's field names ("name" must not be empty),
 * which mean nothing to someone filling in a form.
 */
function plainWords(violation: RuleViolation): string {
  if (violation.field === 'name' && (violation.rule === 'required' || violation.rule === 'not-empty')) {
    return 'Give the voice a name.';
  }
  if (violation.field === 'prompt' && violation.rule === 'required') {
    return 'Record or import the reference audio first.';
  }
  return violation.message
    .replace(/^Voice: /, '')
    .replace(
      /^"(\w+)"(?: \(the reference recording\))?/,
      (_whole, field: string) => FIELD_WORDS[field] ?? field,
    )
    .replace(/ \(lora\)/g, '')
    .replace(/with modelVersion v4\.0/, 'with the v4.0 model')
    .replace(/"auto"/g, 'Auto-detect');
}
