import { appHost, appScheme } from './app-origin.js';

/**
 * Compared after URL parsing, never by string prefix (`app://timbre.evil` must not pass). Scheme and host are
 * compared rather than `origin`, which is the opaque "null" for custom schemes outside Electron.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${appScheme}:` &&
      parsed.host === appHost &&
      parsed.username === '' &&
      parsed.port === ''
    );
  } catch {
    return false;
  }
}

/** In-app navigation is never allowed: the app is a single page, so any navigation is an attack or a bug. */
export function shouldBlockNavigation(targetUrl: string, currentUrl: string): boolean {
  return !(
    isAppUrl(targetUrl) &&
    isAppUrl(currentUrl) &&
    new URL(targetUrl).pathname === new URL(currentUrl).pathname
  );
}

/** Links the user clicks open in the system browser only when they are plain https URLs. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/**
 * Electron grants every permission unless told otherwise. The app's own page may use the microphone (voice
 * recording) and nothing else; no other origin gets anything.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  mediaTypes: readonly string[] = [],
): boolean {
  if (!isAppUrl(requestingUrl)) return false;
  if (permission === 'media') return mediaTypes.length > 0 && mediaTypes.every((type) => type === 'audio');
  return false;
}

/** IPC is answered only for the main frame of our own window showing our own page. */
export function isTrustedSender(
  frame: { url: string; isMainFrame: boolean } | null,
  isOurWindow: boolean,
): boolean {
  return frame !== null && isOurWindow && frame.isMainFrame && isAppUrl(frame.url);
}
