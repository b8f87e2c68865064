import {
  halalasToSar,
  WISHLIST_MAX,
  type Lang,
  type ShopperMarks,
  type Wishlist,
  type WishlistItem,
} from '@shop/contract';
import { sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartUnits } from '../../modules/cart/service.ts';
import { cartCodeHeld } from '../../modules/discounts/service.ts';
import { readWishlist, wishedProductIds, type WishedRow } from '../../modules/wishlist/service.ts';

/**
 * A shopper's wishlist, for the API's wishlist call and the account's wishlist page, and the
 * marks every signed-in page shows (the cart badge, the filled hearts). The callers give the
 * shopper whose session asks: a wishlist is only ever read for its owner.
 */

function presentItem(row: WishedRow, lang: Lang): WishlistItem {
  const chosen = row.chosenVariantId === row.variantId;
  const options = lang === 'en' ? row.optionsEn : row.optionsAr;
  return {
    productId: row.productId,
    ...(chosen && { variantId: row.variantId }),
    sku: row.sku,
    ...(chosen && options !== '' && { options }),
    productName: lang === 'en' ? row.nameEn : row.nameAr,
    productImage: row.image,
    productPrice: halalasToSar(row.offerPriceHalalas ?? row.priceHalalas),
    ...(row.offerPriceHalalas !== null && { productPriceBeforeOffer: halalasToSar(row.priceHalalas) }),
    productStock: row.stock,
    addedAt: row.addedAt.toISOString(),
  };
}

/** The wishlist priced from the catalog now, with its names in `lang`. */
export async function shopperWishlist(db: Db, shopperId: string, lang: Lang): Promise<Wishlist> {
  const rows = await readWishlist(db, shopperId);
  return { items: rows.map((row) => presentItem(row, lang)), limit: WISHLIST_MAX };
}

/**
 * The marks a page reads with the session, and whether a discount code is on the cart: the cart
 * page reads the code only when one is (most carts have none).
 */
export interface PageMarks extends ShopperMarks {
  cartCode: boolean;
}

/**
 * The cart's units, the wished products and whether a code is on the cart, as SQL on the
 * shopper's id (or the column holding it), to be read in one statement: alone (`shopperMarks`)
 * or with the session.
 */
export const marksOf = (shopperId: string | AnyColumn) => ({
  cartCount: cartUnits(shopperId),
  wished: wishedProductIds(shopperId),
  cartCode: cartCodeHeld(shopperId),
});

/** The marks as a statement answered them (none read: an empty cart and wishlist, no code). */
export function presentMarks(
  row: { cartCount?: unknown; wished?: unknown; cartCode?: unknown } | undefined,
): PageMarks {
  return {
    cartCount: Number(row?.cartCount ?? 0),
    wished: (row?.wished as number[] | null) ?? [],
    cartCode: row?.cartCode === true,
  };
}

/** The cart's units and the wished products, read together: a page reads its shopper's marks once. */
export async function shopperMarks(db: Db, shopperId: string): Promise<ShopperMarks> {
  const rows = await db.select(marksOf(shopperId)).from(sql`(select 1) as one`);
  return presentMarks(rows[0]);
}
