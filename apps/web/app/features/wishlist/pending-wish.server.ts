import { languages } from '@shop/contract';
import { readCookie, localizePath } from '../../lib/lang.ts';
import { WISHLIST_PATH } from './intents.ts';

/**
 * What a visitor chose with a heart, kept while they sign in (decision 220): a cookie sent only
 * to the wishlist page (in either language), so every other page stays shared and cached. Only
 * the wishlist's action sets it, on a post the shop's origin check has let through; the wishlist
 * page adds it for the shopper who arrives signed in, and clears it.
 */
const PENDING_COOKIE = 'shop_wish';
const MAX_AGE_S = 30 * 60;

export interface PendingWish {
  productId: number;
  /** The variant chosen on the product page. */
  sku?: string;
}

const cookiePaths = languages.map((lang) => localizePath(WISHLIST_PATH, lang));

function cookies(value: string, maxAge: number): string[] {
  return cookiePaths.map(
    (path) => `${PENDING_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`,
  );
}

/** The Set-Cookie headers that keep a visitor's choice until they have signed in. */
export function keepPendingWish(wish: PendingWish): string[] {
  return cookies(encodeURIComponent(JSON.stringify(wish)), MAX_AGE_S);
}

/** The visitor's kept choice, if any (anything else in the cookie is none), and the headers that clear it. */
export function takePendingWish(request: Request): { wish: PendingWish | null; clear: string[] } {
  const raw = readCookie(request.headers.get('cookie'), PENDING_COOKIE);
  if (raw === undefined) return { wish: null, clear: [] };
  const clear = cookies('', 0);
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const { productId, sku } = value ?? {};
    if (typeof productId !== 'number' || !Number.isSafeInteger(productId) || productId < 1)
      return { wish: null, clear };
    if (sku !== undefined && (typeof sku !== 'string' || sku.length > 64)) return { wish: null, clear };
    return { wish: { productId, ...(sku !== undefined && { sku }) }, clear };
  } catch {
    return { wish: null, clear };
  }
}
