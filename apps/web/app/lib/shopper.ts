import { useRootData, type RootData } from './root-data.ts';

/**
 * The logged-in shopper as the header needs it. The root loader fills it from the session
 * (accounts feature); `null` means a visitor.
 */
export interface Shopper {
  userId: string;
  userName: string;
  userImage?: string;
  /** Items in the cart, for the header badge. */
  cartCount: number;
  /** The products in the wishlist: their hearts are drawn filled. */
  wished: number[];
}

/** The id of the JSON element that carries the page's shopper (see `useShopper`). */
export const PAGE_SHOPPER_ID = 'page-shopper';

let documentShopper: Shopper | null | undefined;
let hydrationRoot: RootData | undefined | null = null;

/** The shopper the document was sent for, read once from its JSON element. */
function pageShopper(): Shopper | null {
  if (documentShopper === undefined) {
    const text = document.getElementById(PAGE_SHOPPER_ID)?.textContent;
    documentShopper = text ? (JSON.parse(text) as Shopper) : null;
  }
  return documentShopper;
}

/**
 * The signed-in shopper of this page, or null for a visitor.
 *
 * A page that is the same for everyone but its shopper's corners (the header's account menu and
 * cart badge, the drawer's account links) is sent to a signed-in shopper as the page every
 * visitor gets, with only those corners written for them and their data in a JSON element
 * (the server's page splice). Its router data then names no shopper, so while the page shows
 * the data it was sent with, the shopper is the one of the JSON element; once the root data is
 * loaded again (after a form is sent, say), it is the root's. On the server it is always the
 * root's: a page rendered for one shopper has them there, a page for everyone has none.
 */
export function useShopper(): Shopper | null {
  const root = useRootData();
  if (typeof document === 'undefined' || !root) return root?.shopper ?? null;
  // The first render in the browser is the hydration of the document as it was sent.
  if (hydrationRoot === null) hydrationRoot = root;
  if (root === hydrationRoot) return pageShopper() ?? root.shopper;
  return root.shopper;
}
