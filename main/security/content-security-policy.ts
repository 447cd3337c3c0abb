/**
 * The renderer's Content-Security-Policy. Scripts and styles only from the app itself, no eval, no inline
 * script, no plugins, no framing; `connectSources` adds the browser shell's WebSocket, and `mediaSources` the
 * origin main serves generated audio from.
 */
export function buildContentSecurityPolicy(
  options: { connectSources?: string[]; mediaSources?: string[] } = {},
): string {
  const connect = ["'self'", ...(options.connectSources ?? [])].join(' ');
  const media = ["'self'", 'blob:', 'data:', ...(options.mediaSources ?? [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    `media-src ${media}`,
    `connect-src ${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
