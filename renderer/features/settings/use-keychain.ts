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
  if (info === null) return 'Tokens are kept by main, never in a file or in this window.';
  if (info.secure) return `Tokens are kept in your system keychain (${info.name}).`;
  return 'Your system keychain is not available, so tokens are kept in memory only until you quit: you will sign in again after each start.';
}

/** How to get a keychain where there is none, for the platform main runs on (Linux is where it is missing). */
export function keychainHelp(info: KeychainInfo | null, platform: string | undefined): string | null {
  if (info === null || info.secure) return null;
  if (platform === 'linux') {
    return 'To keep tokens across restarts on Linux, install and unlock a Secret Service: GNOME Keyring (sudo apt install gnome-keyring) or KWallet, usually started with your desktop session.';
  }
  return info.detail ?? null;
}
