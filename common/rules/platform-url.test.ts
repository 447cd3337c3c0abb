import { describe, expect, it } from 'vitest';
import { checkPlatformAudioUrl, originOf } from './platform-url.js';

describe('platform URLs', () => {
  it('takes the origin of an http(s) base URL and refuses anything else, the same way every time', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(originOf('https://api.example.com/v1')).toBe('https://api.example.com');
      expect(originOf('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
      expect(originOf('ftp://files.example.com/')).toBeNull();
      expect(originOf('not a url')).toBeNull();
    }
  });

  it('answers correctly past the number of origins it keeps', () => {
    for (let index = 0; index < 200; index += 1) {
      expect(originOf(`https://svc${index}.example.com/v1`)).toBe(`https://svc${index}.example.com`);
    }
    expect(originOf('https://svc3.example.com/other')).toBe('https://svc3.example.com');
  });

  it('accepts audio only from the service’s origin, compared as origins, not by prefix', () => {
    const allowed = [originOf('https://svc.example/v1')!];
    expect(checkPlatformAudioUrl('https://svc.example/audio/1.mp3', allowed)).toBeNull();
    expect(checkPlatformAudioUrl('https://svc.example.evil.com/1.mp3', allowed)).toBe('not-platform-url');
    expect(checkPlatformAudioUrl('javascript:alert(1)', allowed)).toBe('invalid-url');
  });
});
