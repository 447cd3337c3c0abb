import { REDACTED, redactBearerCredentials } from '../../../common/text/index.js';
import { withoutCredentials } from '../service-client/index.js';

/**
 * Every form a token could take in text: as it is, URL-encoded, and base64 (standard and URL-safe) at each of
 * the three byte alignments it may sit at inside a longer encoded string. For base64 only the characters that
 * depend on the token alone are kept, so the token is found wherever it was encoded.
 */
function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  const bytes = Buffer.from(secret, 'utf8');
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Base64 character i is made of bits 6i…6i+5: kept only when all of them are the token's own bytes.
    const first = Math.ceil((4 * offset) / 3);
    const last = Math.floor((8 * (offset + bytes.length) - 6) / 6);
    const stable = encoded.slice(first, last + 1);
    if (stable.length >= 8) {
      forms.add(stable);
      forms.add(stable.replaceAll('+', '-').replaceAll('/', '_'));
    }
  }
  return [...forms].filter((form) => form.length >= 4).sort((a, b) => b.length - a.length);
}

/** Text with every form of every secret replaced, and anything shaped `Bearer …` too. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let result = redactBearerCredentials(text);
  for (const secret of secrets) {
    for (const form of secretForms(secret)) result = result.split(form).join(REDACTED);
  }
  return result;
}

/** Keys whose values are credentials, whatever they hold. `keyBindings` is not one of them. */
const SECRET_KEY = /token|secret|password|passwd|credential|authori[sz]ation|api[-_]?key|cookie/iu;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
/** One unbroken run of 32+ token characters (not a UUID or a URL): kept out in case it is a credential. */
const TOKEN_LIKE = /^[A-Za-z0-9._~+/=-]{32,}$/u;

/**
 * Settings as a problem report shows them: keys that name credentials removed, URLs (values and keys, such as
 * the services' default voices) without user name, password or query, and any token-like string left out.
 */
export function settingsWithoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => settingsWithoutSecrets(item));
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) continue;
      result[cleanString(key)] = settingsWithoutSecrets(inner);
    }
    return result;
  }
  return typeof value === 'string' ? cleanString(value) : value;
}

function cleanString(text: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//iu.test(text)) return withoutCredentials(text);
  if (TOKEN_LIKE.test(text) && !UUID.test(text)) return '[removed: looks like a credential]';
  return text;
}
