/**
 * Audio URLs inside blocks must be issued by the platform itself (a generated segment's `audio`, an upload):
 * a link to another site is rejected by the service with a nameless TTS_CONTENTS_INVALID. "Issued by the
 * platform" is checked as "same origin as the service base URL", compared with a URL parser, never by prefix
 * (`https://svc.example.evil.com` starts with `https://svc.example`).
 */
export type AudioUrlProblem = 'invalid-url' | 'not-platform-url';

export function checkPlatformAudioUrl(
  value: string,
  allowedOrigins: readonly string[],
): AudioUrlProblem | null {
  const url = parseUrl(value);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'invalid-url';
  if (allowedOrigins.length === 0) return null;
  return allowedOrigins.includes(url.origin) ? null : 'not-platform-url';
}

// Origins of the few base URLs a session sees (the services'), kept: checking a block parses its service's URL,
// and the editor checks the edited block on every keystroke.
const knownOrigins = new Map<string, string | null>();
const MAX_KNOWN_ORIGINS = 64;

/** The origin of a base URL such as `https://api.example.com/v1`, or null when it is not an http(s) URL. */
export function originOf(baseUrl: string): string | null {
  const known = knownOrigins.get(baseUrl);
  if (known !== undefined) return known;
  const url = parseUrl(baseUrl);
  const origin = url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') ? null : url.origin;
  if (knownOrigins.size >= MAX_KNOWN_ORIGINS) knownOrigins.clear();
  knownOrigins.set(baseUrl, origin);
  return origin;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
