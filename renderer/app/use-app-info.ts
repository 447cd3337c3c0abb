import { useEffect, useState } from 'react';
import type { AppInfo } from '../../common/ipc/contract.js';
import type { AppStores } from '../stores/app-stores.js';
import { useAppStores } from '../stores/stores-context.js';

/** Asked of main once per window: it does not change while the app runs. */
const answers = new WeakMap<AppStores['client'], Promise<AppInfo>>();

export function appInfoOf(stores: Pick<AppStores, 'client'>): Promise<AppInfo> {
  let answer = answers.get(stores.client);
  if (answer === undefined) {
    answer = stores.client.invoke('app.info');
    // A failed answer (main restarting) is asked again next time.
    answer.catch(() => answers.delete(stores.client));
    answers.set(stores.client, answer);
  }
  return answer;
}

/** The app's facts (its data folder, shell, the development stand-in); null until main answers. */
export function useAppInfo(): AppInfo | null {
  const stores = useAppStores();
  const [info, setInfo] = useState<AppInfo | null>(null);
  useEffect(() => {
    let current = true;
    appInfoOf(stores)
      .then((answer) => {
        if (current) setInfo(answer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [stores]);
  return info;
}
