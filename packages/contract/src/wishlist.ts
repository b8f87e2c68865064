import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { idParam } from './common.ts';
import { cartInsertSchema } from './cart.ts';

/**
 * One product of the shopper's wishlist, read from the catalog now: its price (the offer price
 * when there is one) and stock are those of the variant chosen on the product page, or of the
 * product's default variant when none was chosen.
 */
export const wishlistItemSchema = z.object({
  productId: z.number().int(),
  /** The variant chosen on the product page; absent when the shopper chose none. */
  variantId: z.number().int().optional(),
  /** The SKU the price and stock are those of (the chosen variant's, else the default's). */
  sku: z.string(),
  /** The chosen variant's option values, e.g. "256 GB · Blue"; absent when none was chosen. */
  options: z.string().optional(),
  productName: z.string(),
  productImage: z.string(),
  /** What one unit costs now: the offer price when there is one. */
  productPrice: z.number().nonnegative(),
  /** The list price, present only when the product is on offer. */
  productPriceBeforeOffer: z.number().nonnegative().optional(),
  /** Units that can be bought now: 0 is sold out, and cannot be moved to the cart. */
  productStock: z.number().int().nonnegative(),
  /** When it was added (ISO 8601). */
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistSchema = z.object({
  /** Newest first. Hidden products are left out until they are shown again. */
  items: z.array(wishlistItemSchema),
  /** The most products a wishlist holds. */
  limit: z.number().int().positive(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

/**
 * Add a product, optionally with the variant chosen on its page (by `variantId` or `sku`).
 * Adding a product already there changes nothing but the variant remembered.
 */
export const wishlistAddSchema = cartInsertSchema.omit({ userId: true });
export type WishlistAddInput = z.input<typeof wishlistAddSchema>;

/** One product of the caller's wishlist, as the paths and the wishlist page's forms name it. */
export const wishlistItemParams = z.object({ productId: idParam });

/** A change of the wishlist: the message, and the product it was about. */
export const wishlistChangeSchema = okSchema.extend({ productId: z.number().int() });
export type WishlistChange = z.infer<typeof wishlistChangeSchema>;
