import { describe, expect, it } from 'vitest';
import { redactSecret } from './redact.js';

describe('redactSecret (service messages and errors)', () => {
  it('removes the token and any bearer credential, bare or quoted, a service echoes back', () => {
    const echoed = `Invalid header: Authorization: Bearer 'tk_echo_1'; also Bearer tk_other_2 (token tk_mine_3)`;
    expect(redactSecret(echoed, 'tk_mine_3')).toBe(
      `Invalid header: Authorization: Bearer '[redacted]'; also Bearer [redacted] (token [redacted])`,
    );
    expect(redactSecret('nothing secret', undefined)).toBe('nothing secret');
  });
});
