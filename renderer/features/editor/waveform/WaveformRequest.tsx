import { useEffect } from 'react';
import { useAppStores } from '../../../stores/stores-context.js';

/**
 * Asks main for the waveforms of the takes a view shows. Renders nothing: an effect, so asking never happens
 * during render. Asking again for the same keys costs nothing (waveform-store.ts skips what was asked).
 */
export function WaveformRequest({
  serviceUrl,
  cacheKeys,
}: {
  serviceUrl: string;
  cacheKeys: readonly string[];
}) {
  const stores = useAppStores();
  const joined = cacheKeys.join(',');
  useEffect(() => {
    if (joined === '') return;
    stores.waveforms.getState().request(serviceUrl, joined.split(','));
  }, [stores, serviceUrl, joined]);
  return null;
}
