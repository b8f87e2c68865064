import type { ComponentType } from 'react';
import type { StoreData } from '@shop/contract';

/**
 * A route whose page is the same for every visitor and every signed-in shopper, except for its
 * `ShopperSlot` corners (the header's account menu and cart badge, the drawer's account links,
 * the product page's "log in" prompt): its loaders read nothing of the session. The server sends
 * a signed-in shopper the page it keeps for everyone with those corners written for them,
 * instead of rendering the whole page again (apps/api/src/http/pages/shopper-pages.ts).
 * `export const handle = sameForEveryShopper;` (or spread into a handle with other fields).
 */
export const sameForEveryShopper = { sameForEveryShopper: true } as const;

/** What the part of a page that is the shopper's own needs besides the shopper's data. */
export interface ShopperMainContext {
  /** Map tile URL template for the address picker; '' means no tiles (offline). */
  mapTileUrl: string;
}

/**
 * The part of a page that is all the shopper's own (the cart's lines, totals and checkout),
 * for a route whose page is otherwise the same for every signed-in shopper. The route exports it
 * as `shopperMain` beside `handle = sameForEveryShopper`, and draws `Component` inside a
 * `ShopperSlot name="main"` from its loader's data; when the loader renders the page every
 * shopper's is put together from (`context.sharedWithShoppers`), it reads nothing of the session
 * and leaves that corner empty. The server then renders only this part for each shopper, from
 * `read`, in place of the whole page. `Component` writes its data into the page as JSON
 * (`PageMainData`) for the browser's first render (`usePageMain`).
 */
export interface ShopperMain<T> {
  read(store: StoreData, context: ShopperMainContext): Promise<T>;
  Component: ComponentType<{ data: T }>;
}

/** The id of the JSON element that carries the data of a page's own part (see `usePageMain`). */
export const PAGE_MAIN_ID = 'page-main';

/** Data as a JSON text safe inside a `<script>` element (no `<` left to close it). */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

let documentMain: unknown;

/**
 * The data of the page's own part: the loader's, or, while the router holds the data of the
 * page every shopper's is put together from (`null` there), what the server wrote into the
 * page for this shopper. The browser's first render thus draws exactly what the server sent.
 */
export function usePageMain<T>(fromLoader: T | null): T | null {
  if (fromLoader !== null || typeof document === 'undefined') return fromLoader;
  if (documentMain === undefined) {
    const text = document.getElementById(PAGE_MAIN_ID)?.textContent;
    documentMain = text ? (JSON.parse(text) as unknown) : null;
  }
  return documentMain as T | null;
}
