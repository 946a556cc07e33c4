import { useEffect } from 'react';
import { useUiStore } from '../../../lib/ui-store';
import { checkSiteGeo } from '../api';

/**
 * Asks the server once per visit whether the visitor's country or US state is
 * blocked by the site, and switches to the geo-block or region-block layout (spec §2).
 */
export function GeoGate() {
  useEffect(() => {
    let cancelled = false;
    checkSiteGeo()
      .then(([country, state]) => {
        if (!cancelled) useUiStore.getState().setFlags({ geoBlocked: country.blocked, regionBlocked: state.blocked });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
