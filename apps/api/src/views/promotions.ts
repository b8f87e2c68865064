import {
  halalasToSar,
  sarToHalalas,
  type Lang,
  type Product,
  type ProductDetails,
  type ShownPromotion,
} from '@shop/contract';
import { promotionOffUnit } from '../modules/discounts/money.ts';
import { bestPromotion, type Promotion } from '../modules/discounts/promotions.ts';

/**
 * Automatic promotions on what shoppers see (decision 228): the catalog's answers, kept in the
 * read cache at shelf prices, are priced with the promotions running now on their way out. The
 * promoted price is the offer price of the answer (`productPriceAfterOffer`, a variant's
 * `priceAfterOffer`), the list price stays the struck-through one, and `promotion` names it and
 * says when it ends.
 */

/** A running promotion as shoppers see it: its name in `lang` and when it ends. */
export const shownPromotion = (
  p: Pick<Promotion, 'nameAr' | 'nameEn' | 'endsAt'>,
  lang: Lang,
): ShownPromotion => ({
  name: lang === 'en' ? p.nameEn : p.nameAr,
  endsAt: p.endsAt.toISOString(),
});

/** No variant: a card stands for its product, so a promotion of single variants is not on it. */
const ANY_VARIANT = -1;

/** A card priced with the promotion running now (of the whole catalog, a category, a brand or the product). */
export function promoteProduct(list: readonly Promotion[], product: Product, lang: Lang, now: Date): Product {
  if (list.length === 0) return product;
  const shelf = sarToHalalas(product.productPriceAfterOffer ?? product.productPrice);
  const best = bestPromotion(list, { ...product, variantId: ANY_VARIANT, unitHalalas: shelf }, now);
  if (!best) return product;
  const from = product.productPriceFrom;
  return {
    ...product,
    productPriceAfterOffer: halalasToSar(shelf - best.offHalalas),
    promotion: shownPromotion(best.promotion, lang),
    ...(from !== undefined && {
      productPriceFrom: halalasToSar(
        sarToHalalas(from) - promotionOffUnit(best.promotion, sarToHalalas(from)),
      ),
    }),
  };
}

export function promoteProducts(list: readonly Promotion[], products: Product[], lang: Lang, now: Date) {
  return list.length === 0 ? products : products.map((p) => promoteProduct(list, p, lang, now));
}

/** A product page priced with the promotions running now, each variant by its own. */
export function promoteDetails(
  list: readonly Promotion[],
  details: ProductDetails,
  lang: Lang,
  now: Date,
): ProductDetails {
  if (list.length === 0) return details;
  const variants = details.variants.map((v) => {
    const shelf = sarToHalalas(v.priceAfterOffer ?? v.price);
    const best = bestPromotion(list, { ...details, variantId: v.variantId, unitHalalas: shelf }, now);
    return best
      ? {
          ...v,
          priceAfterOffer: halalasToSar(shelf - best.offHalalas),
          promotion: shownPromotion(best.promotion, lang),
        }
      : v;
  });
  const first = variants[0];
  const card = promoteProduct(list, details, lang, now);
  return {
    ...details,
    ...(card.productPriceFrom !== undefined && { productPriceFrom: card.productPriceFrom }),
    ...(first?.promotion && {
      productPriceAfterOffer: first.priceAfterOffer,
      promotion: first.promotion,
    }),
    variants,
  };
}
