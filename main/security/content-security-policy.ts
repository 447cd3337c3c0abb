/**
 * The renderer's Content-Security-Policy. Scripts, styles and images only from the app itself, no eval, no
 * inline script, no plugins, no framing; `connectSources` adds the browser shell's WebSocket, and `mediaSources` the
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
    // Remote images (voice avatars) reach the page only through main's media cache, served from the page's own
    // origin (/media/<id>), so no image is fetched by the page from the network: a page-made URL cannot ping a
    // server or show a hostile picture. data: and blob: are local (bundled icons, a picked avatar's preview).
    "img-src 'self' data: blob:",
    `media-src ${media}`,
    `connect-src ${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
