import { REDACTED, redactBearerCredentials } from '../../../common/text/index.js';

/**
 * Removes a token (and anything shaped like a bearer credential) from text that may end up in an error, a log
 * or a job file. Service messages are included because a misbehaving service could echo the header back.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  let result = redactBearerCredentials(text);
  if (secret !== undefined && secret.length > 0) result = result.split(secret).join(REDACTED);
  return result;
}

/** Keeps service-provided text displayable: no control characters, bounded length. */
export function cleanServiceText(text: string, maxLength: number): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const printable = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
  return printable.length > maxLength ? `${printable.slice(0, maxLength)}…` : printable;
}
