/** The first comment line of the script an AppImage's "Install 'timbre' command" writes: how we know it is ours. */
const APPIMAGE_SCRIPT_MARK = "# Timbre Studio's timbre command";

/**
 * ~/.local/bin/timbre for an AppImage: starts the image file (its path now; installing again after moving it
 * rewrites this) as the command line tool, without a display (see resources/bin/timbre).
 */
export function appImageCommandScript(appImagePath: string): string {
  return [
    '#!/bin/sh',
    `${APPIMAGE_SCRIPT_MARK}, made by the app (Settings → Command line tool). It starts the AppImage below.`,
    `exec ${shellQuote(appImagePath)} --ozone-platform=headless --disable-gpu --cli "$@"`,
    '',
  ].join('\n');
}

export function isOurAppImageScript(text: string): boolean {
  return text.split('\n', 3)[1]?.startsWith(APPIMAGE_SCRIPT_MARK) ?? false;
}

/**
 * A link to the launcher of some copy of Timbre Studio (this one moved, or another): `…/Timbre Studio*.app/
 * Contents/Resources/bin/timbre`, or `…/resources/bin/timbre` in a folder named for the app.
 */
export function isOurLauncherLink(pointsTo: string): boolean {
  return (
    /\/Timbre Studio[^/]*\.app\/Contents\/Resources\/bin\/timbre$/u.test(pointsTo) ||
    /\/Timbre Studio[^/]*\/resources\/bin\/timbre$/u.test(pointsTo)
  );
}

/** A single-quoted POSIX shell word. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
