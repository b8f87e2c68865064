import type { ProductDetails, ProductVariant } from '@shop/contract';

/** The query parameter naming the chosen variant by SKU, so a shared or reloaded link shows it. */
export const VARIANT_PARAM = 'variant';

/** The picker's field of the option at `index` (0-based): `o1`, `o2`, `o3`. */
export const optionField = (index: number) => `o${index + 1}`;

type Variants = Pick<ProductDetails, 'options' | 'variants'>;

/** The variant a link names by SKU (any letter case); undefined for none or an unknown one. */
export function variantBySku(product: Variants, sku: string | null): ProductVariant | undefined {
  if (!sku) return undefined;
  const wanted = sku.trim().toLowerCase();
  return product.variants.find((v) => v.sku.toLowerCase() === wanted);
}

/**
 * The variant closest to the values chosen in the picker's form: the one with all of them, or
 * else the one sharing the most, earlier options weighing more (a shopper changing the storage
 * keeps it even when that storage does not come in the colour chosen before). Undefined when
 * the form names no value.
 */
export function variantForValues(product: Variants, params: URLSearchParams): ProductVariant | undefined {
  const chosen = product.options.map((_, i) => Number(params.get(optionField(i))) || undefined);
  if (chosen.every((v) => v === undefined)) return undefined;
  let best: ProductVariant | undefined;
  let bestScore = -1;
  for (const variant of product.variants) {
    const score = chosen.reduce<number>(
      (sum, value, i) =>
        sum + (value !== undefined && variant.valueIds[i] === value ? 2 ** (chosen.length - i) : 0),
      0,
    );
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  return best;
}

/** What choosing a value would lead to, given the values of the chosen variant for the other options. */
export type ValueState = 'available' | 'soldOut' | 'unavailable';

/**
 * For each option's values: the variant the value leads to (the chosen variant's other values
 * kept), and whether it can be bought. A value whose combination does not exist leads to the
 * closest variant that has it, and is marked unavailable with the current choice.
 */
export function valueStates(product: Variants, chosen: ProductVariant) {
  return product.options.map((option, i) =>
    option.values.map((value) => {
      const exact = product.variants.find((v) =>
        v.valueIds.every((id, j) => (j === i ? id === value.valueId : id === chosen.valueIds[j])),
      );
      const state: ValueState = !exact ? 'unavailable' : exact.stock > 0 ? 'available' : 'soldOut';
      const params = new URLSearchParams(chosen.valueIds.map((id, j) => [optionField(j), String(id)]));
      params.set(optionField(i), String(value.valueId));
      const target = exact ?? variantForValues(product, params) ?? chosen;
      return { value, state, target, selected: chosen.valueIds[i] === value.valueId };
    }),
  );
}
