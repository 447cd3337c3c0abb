import { existsSync } from 'node:fs';

/**
 * Why this process has no D-Bus session bus, read from its environment: libsecret reaches the Secret Service
 * over that bus. Undefined when a bus may be there (the call's own error then says what is wrong).
 *
 * - DBUS_SESSION_BUS_ADDRESS unset: outside a desktop session. libsecret then "autolaunches" a bus of its own
 *   (or fails to, without X11), and a bus made that way has no keychain on it, whatever is installed.
 * - Every address it names is a socket file that does not exist: the session that set it has ended.
 */
export function sessionBusProblem(
  environment: Readonly<Record<string, string | undefined>>,
  fileExists: (path: string) => boolean = existsSync,
): string | undefined {
  const address = environment.DBUS_SESSION_BUS_ADDRESS?.trim() ?? '';
  if (address === '') return 'DBUS_SESSION_BUS_ADDRESS is not set';
  // Alternatives are separated by ";", each "transport:key=value,…"; values may be %-escaped.
  const paths = address.split(';').map((alternative) => {
    if (!alternative.startsWith('unix:')) return undefined;
    const path = alternative
      .slice('unix:'.length)
      .split(',')
      .find((pair) => pair.startsWith('path='))
      ?.slice('path='.length);
    return path === undefined ? undefined : unescapedValue(path);
  });
  // Abstract sockets, TCP and launchd addresses, and paths escaped wrongly, cannot be checked from here: a bus
  // may be there.
  if (paths.some((path) => path === undefined)) return undefined;
  const missing = paths.filter((path) => !fileExists(path!));
  if (missing.length < paths.length) return undefined;
  return `nothing is at ${missing.join(', ')}, the address in DBUS_SESSION_BUS_ADDRESS`;
}

/**
 * A %-escaped address value, or undefined when its escapes are broken ("%zz"): this runs while a keychain call's
 * own error is being explained, so it must never throw and hide that error.
 */
function unescapedValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
