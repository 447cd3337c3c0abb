import { describe, expect, it } from 'vitest';
import {
  isAppUrl,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSender,
  shouldBlockNavigation,
} from './navigation-policy.js';

describe('navigation policy', () => {
  it('recognises only our own app:// origin, by parsing rather than prefix', () => {
    expect(isAppUrl('app://timbre/index.html')).toBe(true);
    expect(isAppUrl('app://timbre.evil/index.html')).toBe(false);
    expect(isAppUrl('app://timbre@evil/index.html')).toBe(false);
    expect(isAppUrl('app://timbre:8080/index.html')).toBe(false);
    expect(isAppUrl('evil://timbre/index.html')).toBe(false);
    expect(isAppUrl('https://timbre/index.html')).toBe(false);
    expect(isAppUrl('file:///index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it('blocks every navigation away from the page', () => {
    expect(shouldBlockNavigation('https://example.com', 'app://timbre/index.html')).toBe(true);
    expect(shouldBlockNavigation('app://timbre/other.html', 'app://timbre/index.html')).toBe(true);
    expect(shouldBlockNavigation('app://timbre/index.html', 'app://timbre/index.html')).toBe(false);
  });

  it('opens only plain https links externally', () => {
    expect(isSafeExternalUrl('https://docs.example.com/help')).toBe(true);
    expect(isSafeExternalUrl('http://docs.example.com')).toBe(false);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('https://user:pass@example.com')).toBe(false);
  });
});

describe('permission handler', () => {
  it('grants the microphone to our own page only', () => {
    expect(isPermissionAllowed('media', 'app://timbre/index.html', ['audio'])).toBe(true);
    expect(isPermissionAllowed('media', 'https://evil.example', ['audio'])).toBe(false);
  });

  it('refuses the camera, screen capture and every other permission', () => {
    expect(isPermissionAllowed('media', 'app://timbre/index.html', ['video'])).toBe(false);
    expect(isPermissionAllowed('media', 'app://timbre/index.html', ['audio', 'video'])).toBe(false);
    expect(isPermissionAllowed('media', 'app://timbre/index.html', [])).toBe(false);
    for (const permission of [
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'midi',
      'display-capture',
    ]) {
      expect(isPermissionAllowed(permission, 'app://timbre/index.html', ['audio'])).toBe(false);
    }
  });
});

describe('IPC sender check', () => {
  it('answers only the main frame of our window showing our page', () => {
    expect(isTrustedSender({ url: 'app://timbre/index.html', isMainFrame: true }, true)).toBe(true);
    expect(isTrustedSender({ url: 'app://timbre/index.html', isMainFrame: false }, true)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example', isMainFrame: true }, true)).toBe(false);
    expect(isTrustedSender({ url: 'app://timbre/index.html', isMainFrame: true }, false)).toBe(false);
    expect(isTrustedSender(null, true)).toBe(false);
  });
});
