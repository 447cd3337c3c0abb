import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy } from '../security/content-security-policy.js';
import { buildWindowOptions } from './window-options.js';

describe('main window options', () => {
  const options = buildWindowOptions('/app/dist/preload/preload.cjs', { width: 1280, height: 820 });
  const prefs = options.webPreferences ?? {};

  it('isolates the renderer: context isolation, sandbox, no Node anywhere', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and dangerous features off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('loads only the preload it was given and starts hidden until painted', () => {
    expect(prefs.preload).toBe('/app/dist/preload/preload.cjs');
    expect(options.show).toBe(false);
  });
});

describe('content security policy', () => {
  const directives = new Map(
    buildContentSecurityPolicy()
      .split('; ')
      .map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values] as const;
      }),
  );

  it('allows scripts and styles only from the app, with no inline or eval', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('shows images only from the app and local data, never fetched from the network', () => {
    // Voice avatars come through the media cache at /media/<id> on the page's own origin.
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('forbids plugins, base rewriting, form posts and framing', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds the browser shell WebSocket only when asked', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(buildContentSecurityPolicy({ connectSources: ['ws://127.0.0.1:5000'] })).toContain(
      "connect-src 'self' ws://127.0.0.1:5000",
    );
  });
});
