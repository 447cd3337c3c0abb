/** The app's own pages are served from this privileged scheme, never from file:// (which would trust the disk). */
export const appScheme = 'app';
export const appHost = 'timbre';
const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;
