/** What a removed credential reads as, wherever it was removed (logs, errors, job files, problem reports). */
export const REDACTED = '[redacted]';

/**
 * Replaces the credential after any `Bearer` (any case, as an Authorization header or a service echoing one
 * back, bare or quoted), whatever its source: the one pattern the logger, the service clients and the problem
 * report share, so a fix to it reaches all three.
 */
export function redactBearerCredentials(text: string): string {
  return text.replace(/(bearer\s+["'`]?)[^\s"'`,]+/giu, `$1${REDACTED}`);
}
