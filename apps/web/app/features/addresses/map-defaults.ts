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

/** The shop's city as the address form writes it, in each language. */
export const SHOP_CITY = { ar: 'الرياض', en: 'Riyadh' } as const;

/** Riyadh's built-up area, generously: a pin inside it is in the shop's city. */
const RIYADH_AREA = { south: 24.35, north: 25.15, west: 46.3, east: 47.15 } as const;

/**
 * The city a pin lies in, as far as the map knows without asking any service: the shop's city
 * when the pin is in Riyadh's area, else nothing (the shopper types it).
 */
export function knownCityAt(point: LatLng): typeof SHOP_CITY | null {
  const inside =
    point.lat >= RIYADH_AREA.south &&
    point.lat <= RIYADH_AREA.north &&
    point.lng >= RIYADH_AREA.west &&
    point.lng <= RIYADH_AREA.east;
  return inside ? SHOP_CITY : null;
}
