import { useEffect, useState } from 'react';
import type { KeychainInfo } from '../../../common/ipc/contract.js';
import { useAppStores } from '../../stores/stores-context.js';
import { appInfoOf } from '../../app/use-app-info.js';

/**
 * Where main can keep tokens (main probes the keychain with a read) and the OS main runs on, asked once per
 * mount.
 */
export function useKeychain(): { info: KeychainInfo | null; platform: string | undefined } {
  const stores = useAppStores();
  const [state, setState] = useState<{ info: KeychainInfo | null; platform: string | undefined }>({
    info: null,
    platform: undefined,
  });
  useEffect(() => {
    let cancelled = false;
    Promise.all([stores.client.invoke('account.keychain'), appInfoOf(stores)])
      .then(([info, app]) => {
        if (!cancelled) setState({ info, platform: app.platform });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [stores]);
  return state;
}

/** One sentence about where tokens are kept, true to the keychain main actually has. */
export function tokenStorageSentence(info: KeychainInfo | null): string {
  if (info === null)
    return 'Tokens never go into a file or this window: the app keeps them in the system keychain when there is one.';
  if (info.secure) return `Tokens are kept in your system keychain (${info.name}).`;
  return 'Your system keychain is not available, so tokens are kept in memory only until you quit: you will sign in again after each start.';
}

/**
 * How to get a keychain where there is none: main's own diagnosis (its detail tells a missing D-Bus session, a
 * missing Secret Service and a locked keyring apart, each with its remedy), or a general word on Linux when main
 * gave none. Installing GNOME Keyring does not help where no D-Bus session runs, so it is not offered blindly.
 */
export function keychainHelp(info: KeychainInfo | null, platform: string | undefined): string | null {
  if (info === null || info.secure) return null;
  if (info.detail !== undefined && info.detail !== '') return info.detail;
  if (platform === 'linux') {
    return 'To keep tokens across restarts on Linux, run Timbre Studio in a desktop session with an unlocked Secret Service (GNOME Keyring, KWallet or KeePassXC).';
  }
  return null;
}
