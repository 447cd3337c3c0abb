import { normaliseServiceUrl, serviceUrlProblem } from '../../../common/settings/settings-schema.js';
import { VoiceLibraryError } from './voice-library-error.js';

const MAX_LOCAL_NAME_LENGTH = 80;
const MAX_VOICE_ID_LENGTH = 200;
// Control characters would break file names, logs and the list layout; a voice id is never meant to hold them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The service URL in the one form Settings stores, so a service has exactly one library file. */
export function checkServiceUrl(serviceUrl: string): string {
  const problem = serviceUrlProblem(serviceUrl);
  if (problem !== null) {
    throw new VoiceLibraryError('SERVICE_URL_INVALID', `serviceUrl ${problem}`, { field: 'serviceUrl' });
  }
  return normaliseServiceUrl(serviceUrl);
}

/** A voice id as typed or pasted by the user: trimmed, 1–200 characters, no spaces or control characters. */
export function checkVoiceId(id: string): string {
  const trimmed = typeof id === 'string' ? id.trim() : '';
  const rule =
    trimmed === ''
      ? 'is required'
      : trimmed.length > MAX_VOICE_ID_LENGTH
        ? `must be at most ${MAX_VOICE_ID_LENGTH} characters`
        : /\s/.test(trimmed) || CONTROL_CHARACTERS.test(trimmed)
          ? 'must not contain spaces or control characters'
          : undefined;
  if (rule !== undefined) throw new VoiceLibraryError('VOICE_ID_INVALID', `id ${rule}`, { field: 'id' });
  return trimmed;
}

/**
 * A local rename: trimmed, at most 80 characters, no control characters. An empty name means "use the
 * service's name again", returned as undefined.
 */
export function checkLocalName(localName: string): string | undefined {
  const trimmed = typeof localName === 'string' ? localName.trim() : '';
  if (trimmed === '') return undefined;
  const rule =
    [...trimmed].length > MAX_LOCAL_NAME_LENGTH
      ? `must be at most ${MAX_LOCAL_NAME_LENGTH} characters`
      : CONTROL_CHARACTERS.test(trimmed)
        ? 'must not contain control characters (such as line breaks or tabs)'
        : undefined;
  if (rule !== undefined) {
    throw new VoiceLibraryError('VOICE_NAME_INVALID', `localName ${rule}`, { field: 'localName' });
  }
  return trimmed;
}
