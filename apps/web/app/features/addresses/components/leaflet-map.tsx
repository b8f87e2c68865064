// Loaded only in the browser (see map-picker.tsx): Leaflet touches `window` on import.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?url';
import markerIcon from 'leaflet/dist/images/marker-icon.png?url';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?url';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MAP_ZOOM, type LatLng } from '../map-defaults.ts';

// Leaflet guesses its marker image paths from its CSS, which breaks once bundled: name them.
const pin = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

function ClickToPlace({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

function FollowCenter({ center }: { center: LatLng }) {
  const map = useMap();
  useEffect(() => {
    map.setView(center, map.getZoom());
  }, [map, center]);
  return null;
}

export function LeafletMap({
  center,
  value,
  tileUrl,
  label,
  onPick,
}: {
  center: LatLng;
  value: LatLng | null;
  tileUrl: string;
  label: string;
  onPick: (point: LatLng) => void;
}) {
  return (
    <MapContainer
      center={center}
      zoom={MAP_ZOOM}
      scrollWheelZoom={false}
      className="h-72 w-full rounded-xl bg-slate-200"
      aria-label={label}
    >
      {/* No tile URL configured: no background, but clicks still place the pin (works offline). */}
      {tileUrl ? <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" /> : null}
      <FollowCenter center={center} />
      <ClickToPlace onPick={onPick} />
      {value ? <Marker position={value} icon={pin} /> : null}
    </MapContainer>
  );
}
