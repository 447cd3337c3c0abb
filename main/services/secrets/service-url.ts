import { serviceUrlSchema } from '../../../common/settings/settings-schema.js';

/** The input field a service base URL comes from (the Settings form and `ServiceProfile.url`). */
const FIELD = 'url';

/** A service base URL the keychain cannot file a token under; `field` names the offending input. */
export class InvalidServiceUrlError extends Error {
  readonly field = FIELD;

  constructor(rule: string) {
    super(`${FIELD} ${rule}`);
    this.name = 'InvalidServiceUrlError';
  }
}

/**
 * The keychain account for a service: exactly the form Settings stores (common/settings), so the token is always
 * found under the URL the user saved. The input is never echoed in errors: a user may paste the token into the
 * URL field by mistake.
 */
export function normaliseServiceUrl(value: string): string {
  const parsed = serviceUrlSchema.safeParse(value);
  if (!parsed.success) throw new InvalidServiceUrlError(parsed.error.issues[0]?.message ?? 'is invalid');
  return parsed.data;
}
