/**
 * The wishlist page's action takes every wishlist form of the shop (decision 220): the hearts on
 * cards and product pages, and the page's own remove and move-to-cart buttons.
 */
export const WISHLIST_PATH = '/user/wishlist';

export const wishlistIntents = {
  /** A heart pressed while empty: keep the product (a visitor is sent to sign in first). */
  wish: 'wish',
  /** A heart pressed while filled, or the page's remove button. */
  unwish: 'unwish',
  /** The page's move-to-cart button. */
  move: 'move',
} as const;

export type WishlistIntent = (typeof wishlistIntents)[keyof typeof wishlistIntents];

/** The hidden field with the page a heart was pressed on, to come back to after a document post. */
export const BACK_FIELD = 'back';

/** The id of a card's or a product page's heart, so a document post comes back scrolled to it. */
export const heartAnchor = (productId: number) => `wish-${productId}`;

/**
 * The header of the action's answer to a heart that worked: `wished` or `unwished`. A page that
 * is not hydrated posts its hearts in the background and reads only this (static-page.client.js).
 */
export const WISH_STATE_HEADER = 'x-wishlist-state';
