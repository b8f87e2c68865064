import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { idParam } from './common.ts';
import { cartInsertSchema, cartItemSchema } from './cart.ts';

/**
 * One product of the shopper's wishlist, read from the catalog now, with a cart line's fields:
 * its `sku`, price (`productPrice` the offer price when there is one) and stock are those of the
 * variant chosen on the product page, or of the product's default variant when none was chosen
 * (a sold-out one, `productStock` 0, cannot be moved to the cart).
 */
export const wishlistItemSchema = cartItemSchema
  .pick({
    productId: true,
    sku: true,
    productName: true,
    productImage: true,
    productPrice: true,
    productPriceBeforeOffer: true,
    productStock: true,
  })
  .extend({
    /** The variant chosen on the product page; absent when the shopper chose none. */
    variantId: z.number().int().optional(),
    /** The chosen variant's option values, e.g. "256 GB · Blue"; absent when none was chosen. */
    options: z.string().optional(),
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

/**
 * "Tell me when it is back" on a sold-out product: the product, and its variant (by `variantId`
 * or `sku`) when it is sold by options. One message comes when that variant has stock again.
 */
export const stockRequestSchema = cartInsertSchema.omit({ userId: true });
export type StockRequestInput = z.input<typeof stockRequestSchema>;
