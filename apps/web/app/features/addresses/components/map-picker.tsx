import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DEFAULT_CENTER, roundCoordinate, type LatLng } from '../map-defaults.ts';
import type { LeafletMap as LeafletMapComponent } from './leaflet-map.tsx';

type LeafletMapType = typeof LeafletMapComponent extends ComponentType<infer P> ? ComponentType<P> : never;

/**
 * The address map: click to place the pin, zoom 15, centred on the saved point or
 * the browser's location (asked for on load; a refusal is simply ignored). Leaflet
 * loads only in the browser, after hydration, so the server HTML and the page weight stay
 * small.
 */
export function MapPicker({
  value,
  onChange,
  tileUrl,
}: {
  value: LatLng | null;
  onChange: (point: LatLng) => void;
  tileUrl: string;
}) {
  const { t } = useTranslation('account');
  const [LoadedMap, setLoadedMap] = useState<LeafletMapType | null>(null);
  const [center, setCenter] = useState<LatLng>(value ?? DEFAULT_CENTER);
  // Decided once, on load: a pin placed later does not ask again.
  const [askForLocation] = useState(() => value === null);

  useEffect(() => {
    let active = true;
    void import('./leaflet-map.tsx').then((module) => {
      if (active) setLoadedMap(() => module.LeafletMap);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!askForLocation || !('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (position) => setCenter({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => undefined,
      { timeout: 10_000, maximumAge: 600_000 },
    );
    // A late answer only moves the view.
  }, [askForLocation]);

  const pick = (point: LatLng) =>
    onChange({ lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng) });

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold">{t('addresses.map')}</span>
      <p className="text-xs text-muted">{tileUrl ? t('addresses.mapHint') : t('addresses.mapNoTiles')}</p>
      {LoadedMap ? (
        <LoadedMap
          center={center}
          value={value}
          tileUrl={tileUrl}
          label={t('addresses.mapLabel')}
          onPick={pick}
        />
      ) : (
        <div className="flex h-72 w-full items-center justify-center rounded-xl bg-slate-200 text-sm text-muted">
          {t('addresses.mapLoading')}
        </div>
      )}
      <p aria-live="polite" className="text-xs text-muted">
        {value
          ? // Not `lng`: to i18next that option names the language to translate into.
            t('addresses.picked', { latitude: value.lat.toFixed(5), longitude: value.lng.toFixed(5) })
          : t('addresses.notPicked')}
      </p>
    </div>
  );
}
