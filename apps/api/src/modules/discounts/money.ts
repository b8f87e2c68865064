/**
 * A discount code's money, in whole halalas (decision 222): what it takes off a cart or an
 * order, and how that amount falls on the lines, so that every line's paid amount, the order's
 * total, the printed invoice and the e-invoice add up to what is charged. Pure: no database.
 */

export interface CodeTerms {
  kind: 'percent' | 'fixed' | 'free_shipping';
  percent: number | null;
  amountHalalas: number | null;
}

export interface LineToDiscount {
  /** What the line costs before the code: unit price (offer price when there is one) × quantity. */
  amountHalalas: number;
  /** True when the code covers the line's product. */
  covered: boolean;
}

export interface CodePrice {
  /** Taken off the products, VAT included: never more than the covered lines cost. */
  goodsHalalas: number;
  /** Taken off each line, in the lines' order; Σ = goodsHalalas, each ≤ its line's amount. */
  perLine: number[];
  /** The shipping fee the code waives (free shipping), else 0. */
  shippingWaivedHalalas: number;
}

/**
 * Splits `total` halalas over `weights` in proportion, by largest remainder: each part is the
 * floor of its share, and the halalas left go one each to the largest remainders, the earlier
 * line first on a tie. Deterministic; Σ parts = total; a part never exceeds its weight when
 * total ≤ Σ weights.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  if (total > sum) throw new RangeError(`cannot allocate ${total} over ${sum}`);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - parts.reduce((s, p) => s + p, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i] = parts[i]! + 1;
    left -= 1;
  }
  return parts;
}

/** a × percent / 100, rounded half up, in integers. */
function percentOf(a: number, percent: number): number {
  return Math.floor((2 * a * percent + 100) / 200);
}

/**
 * What a code takes off: a percentage of the covered lines (rounded half up to the halala), a
 * fixed amount capped at what the covered lines cost, or the shipping fee.
 */
export function priceCode(
  terms: CodeTerms,
  lines: readonly LineToDiscount[],
  shippingHalalas: number,
): CodePrice {
  const weights = lines.map((l) => (l.covered ? l.amountHalalas : 0));
  const covered = weights.reduce((s, w) => s + w, 0);
  if (terms.kind === 'free_shipping')
    return { goodsHalalas: 0, perLine: lines.map(() => 0), shippingWaivedHalalas: shippingHalalas };
  const goods =
    terms.kind === 'percent'
      ? percentOf(covered, terms.percent ?? 0)
      : Math.min(terms.amountHalalas ?? 0, covered);
  return { goodsHalalas: goods, perLine: allocate(goods, weights), shippingWaivedHalalas: 0 };
}

/** An automatic promotion's terms: a percentage or a fixed amount off each unit (decision 228). */
export interface PromotionTerms {
  kind: 'percent' | 'fixed';
  percent: number | null;
  amountHalalas: number | null;
}

/**
 * What a promotion takes off one unit whose shelf price (the offer price when there is one) is
 * `unitHalalas`: the percentage rounded half up to the halala, or the fixed amount, never more
 * than the unit costs. The promoted unit price is the shelf price less this, so a line is that
 * price × its quantity and every figure written from it (line VAT, order, invoice, e-invoice)
 * is computed from one unit price, as an offer price is.
 */
export function promotionOffUnit(terms: PromotionTerms, unitHalalas: number): number {
  if (unitHalalas <= 0) return 0;
  const off =
    terms.kind === 'percent' ? percentOf(unitHalalas, terms.percent ?? 0) : (terms.amountHalalas ?? 0);
  return Math.min(Math.max(off, 0), unitHalalas);
}
