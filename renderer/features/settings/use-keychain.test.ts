import { describe, expect, it } from 'vitest';
import { keychainHelp } from './use-keychain.js';

describe('keychainHelp', () => {
  it('gives main’s remedy for the cause it found, not one install hint for every cause on Linux', () => {
    const noBus =
      'No D-Bus session is running, so the system keychain (Secret Service) cannot be reached. Start Timbre Studio from a desktop session; on a machine without one, start it inside a D-Bus session (dbus-run-session) with an unlocked keyring (from a source checkout: scripts/with-keyring.sh does both). (DBUS_SESSION_BUS_ADDRESS is not set; libsecret said: Cannot autolaunch D-Bus without X11 $DISPLAY)';
    const help = keychainHelp({ name: 'libsecret', secure: false, detail: noBus }, 'linux');
    expect(help).toBe(noBus);
    expect(help).not.toContain('apt install');
    const locked =
      'The keychain is locked and could not be unlocked … Unlock your login keyring, then try again.';
    expect(keychainHelp({ name: 'libsecret', secure: false, detail: locked }, 'linux')).toBe(locked);
  });

  it('says nothing when the keychain works, and a general word on Linux when main gave no reason', () => {
    expect(
      keychainHelp({ name: 'libsecret', secure: true, detail: 'Secret Service over D-Bus' }, 'linux'),
    ).toBeNull();
    expect(keychainHelp({ name: 'libsecret', secure: false }, 'linux')).toContain('desktop session');
    expect(keychainHelp({ name: 'Keychain', secure: false }, 'darwin')).toBeNull();
  });
});
