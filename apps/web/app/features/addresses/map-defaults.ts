/** The address map opens at zoom 15. */
export const MAP_ZOOM = 15;

/** Where the map opens before the browser says where the shopper is: central Riyadh. */
export const DEFAULT_CENTER = { lat: 24.7136, lng: 46.6753 } as const;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Coordinates as stored: 6 decimals (about 10 cm) is plenty for a door. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
