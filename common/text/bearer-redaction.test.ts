import { describe, expect, it } from 'vitest';
import { REDACTED, redactBearerCredentials } from './bearer-redaction.js';

describe('redactBearerCredentials', () => {
  it('replaces the credential after Bearer in any case, and keeps what surrounds it', () => {
    expect(redactBearerCredentials('Authorization: Bearer abc.def-123')).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(redactBearerCredentials('{"authorization":"bearer\ttk_1","next":2}')).toBe(
      `{"authorization":"bearer\t${REDACTED}","next":2}`,
    );
    expect(redactBearerCredentials("BEARER one, Bearer 'two'")).toBe(
      `BEARER ${REDACTED}, Bearer '${REDACTED}'`,
    );
  });

  it('leaves text without the word as it is, and would rather hide a word of prose than miss a credential', () => {
    expect(redactBearerCredentials('no credential here')).toBe('no credential here');
    expect(redactBearerCredentials('The bearer of bad news')).toBe(`The bearer ${REDACTED} bad news`);
  });
});
