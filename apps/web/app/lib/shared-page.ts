/**
 * A route whose page is the same for every visitor and every signed-in shopper, except for its
 * `ShopperSlot` corners (the header's account menu and cart badge, the drawer's account links,
 * the product page's "log in" prompt): its loaders read nothing of the session. The server sends
 * a signed-in shopper the page it keeps for everyone with those corners written for them,
 * instead of rendering the whole page again (apps/api/src/http/pages/shopper-pages.ts).
 * `export const handle = sameForEveryShopper;` (or spread into a handle with other fields).
 */
export const sameForEveryShopper = { sameForEveryShopper: true } as const;
