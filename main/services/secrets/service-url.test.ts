import { describe, expect, it } from 'vitest';
import { normaliseServiceUrl as settingsNormalise } from '../../../common/settings/settings-schema.js';
import { InvalidServiceUrlError, normaliseServiceUrl } from './service-url.js';

describe('normaliseServiceUrl', () => {
  it.each([
    ['HTTPS://API.Example.COM/', 'https://api.example.com'],
    ['https://api.example.com', 'https://api.example.com'],
    ['  http://127.0.0.1:8787/  ', 'http://127.0.0.1:8787'],
    ['https://api.example.com:443/', 'https://api.example.com'],
    ['http://localhost:80', 'http://localhost'],
    ['https://example.com/tts/v1//', 'https://example.com/tts/v1'],
    ['https://example.com/Path/Keeps/Case/', 'https://example.com/Path/Keeps/Case'],
    ['http://[::1]:9000/', 'http://[::1]:9000'],
  ])('turns %j into %j', (input, expected) => {
    expect(normaliseServiceUrl(input)).toBe(expected);
  });

  it('gives every spelling of one service the same key', () => {
    const spellings = ['https://Svc.Example', 'https://svc.example/', 'HTTPS://SVC.EXAMPLE:443//'];
    expect(new Set(spellings.map(normaliseServiceUrl))).toEqual(new Set(['https://svc.example']));
  });

  it('agrees with the form Settings stores, so a saved URL finds its token', () => {
    for (const url of [
      'HTTPS://API.Example.COM/',
      'http://127.0.0.1:8787/',
      'https://example.com/tts/v1//',
    ]) {
      expect(normaliseServiceUrl(url)).toBe(settingsNormalise(url));
    }
  });

  it.each([
    ['ftp://example.com', 'url must use http:// or https:// (got "ftp:")'],
    ['file:///etc/passwd', 'url must use http:// or https:// (got "file:")'],
    ['javascript:alert(1)', 'url must use http:// or https:// (got "javascript:")'],
    ['example.com', 'url must be an absolute http:// or https:// URL'],
    ['', 'url is required'],
    ['   ', 'url is required'],
    [
      'https://user:pw@example.com',
      'url must not contain a user name or password; the token goes in its own field',
    ],
    ['https://example.com/?token=1', 'url must not contain a query (?…) or fragment (#…)'],
    ['https://example.com/#x', 'url must not contain a query (?…) or fragment (#…)'],
    [`https://example.com/${'a'.repeat(2048)}`, 'url must be at most 2048 characters'],
  ])('rejects %j naming the field and the rule', (input, message) => {
    const thrown = captureError(() => normaliseServiceUrl(input));
    expect(thrown).toBeInstanceOf(InvalidServiceUrlError);
    expect(thrown).toMatchObject({ field: 'url', message });
  });

  it('never echoes the input, which may be a token pasted into the wrong field', () => {
    const pastedToken = 'sk_live_0123456789abcdef';
    for (const input of [pastedToken, `https://x:${pastedToken}@example.com`, `ftp://${pastedToken}`]) {
      const error = captureError(() => normaliseServiceUrl(input));
      expect(error).toBeInstanceOf(InvalidServiceUrlError);
      expect(String(error)).not.toContain(pastedToken);
    }
  });
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}
