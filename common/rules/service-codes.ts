/**
 * Plain-words explanations of the service's error codes, for the places where the service's own message is
 * terse or misleading. The service's message is still shown beside them (VALIDATION_BAD_PARAMS, for one, is
 * only told apart by its message).
 */
const EXPLANATIONS: Record<string, string> = {
  STREAM_TIMEOUT:
    'The service was too busy to start this task within 90 seconds, so it stopped waiting and did not run it ' +
    '(frozen credits are returned). Try again later, or submit without waiting for the start.',
  TTS_CONTENTS_INVALID:
    'The service refused a value in the blocks sent, without saying which block or which value. Check each ' +
    "block's style and settings against its voice.",
  VALIDATION_CONFLICT: 'The request mixed blocks with text and a splitter; send one or the other.',
  VALIDATION_BAD_REQUEST: 'The service could not read the request.',
  VALIDATION_BAD_PARAMS: 'The voice settings do not fit together (see the service message for which).',
  CREDITS_INSUFFICIENT: 'Your account does not have enough credits for this task.',
  UNAUTHORIZED: 'The service did not accept the saved token. Sign in again in Settings.',
  TASK_NOT_FOUND: 'The service does not know this task (it may belong to another account or service).',
  VOICE_NOT_FOUND: 'The service does not know this voice (it may belong to another account or service).',
  SPLITTER_NOT_FOUND: 'The saved splitter configuration was not found on the service.',
  VOICE_PROMPT_TOO_SHORT: 'The recording has less than 3 seconds of speech; record a little more.',
  VOICE_PROMPT_TOO_LARGE: 'The recording is larger than 100 MB; trim or compress it.',
  UPLOAD_TOO_LARGE: 'The upload is too large: at most 2 files of 100 MB each.',
  VOICE_MODEL_VERSION_INVALID: 'The voice model version must be v3.0 or v4.0.',
  PRO_CLONE_FORBIDDEN: 'Your account does not have access to professional cloning.',
  PRO_CLONE_QUOTA_EXCEEDED: 'Your professional-cloning quota is used up.',
};

/** The codes explained above: each must be one the stand-in sends (scripts/standin-wire-choices.test.ts keeps them in step). */
export const EXPLAINED_SERVICE_CODES: readonly string[] = Object.keys(EXPLANATIONS);

export function explainServiceCode(code: string): string | undefined {
  if (Object.hasOwn(EXPLANATIONS, code)) return EXPLANATIONS[code];
  if (code.startsWith('RATE_LIMIT'))
    return 'The service is limiting how fast requests come in; the app waits and tries again.';
  return undefined;
}
