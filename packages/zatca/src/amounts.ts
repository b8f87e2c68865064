import type { AdjustmentInput, DocumentLine } from './types.ts';

/** The standard VAT rate, in percent; every amount the shop sells is at this rate. */
export const VAT_PERCENT = 15;

/** Halalas as SAR with two decimals (`115000` → `1150.00`), exact for any safe integer. */
export function sar(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`not a whole number of halalas: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(halalas);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** a / b rounded half up, for non-negative integers (no floating point on the way). */
function divRound(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** VAT on a VAT-exclusive amount, to the halala, half up. */
export function vatOn(netHalalas: number): number {
  return divRound(netHalalas * VAT_PERCENT, 100);
}

/** The VAT-exclusive part of a VAT-inclusive amount, to the halala, half up. */
export function netOf(grossHalalas: number): number {
  return divRound(grossHalalas * 100, 100 + VAT_PERCENT);
}

export interface LineAmounts {
  name: string;
  quantity: number;
  /** VAT-exclusive unit price (PriceAmount). */
  unitNet: number;
  /** quantity × unitNet (LineExtensionAmount). */
  net: number;
  /** VAT on `net` (the line's TaxAmount). */
  vat: number;
  /** net + vat (the line's RoundingAmount). */
  gross: number;
}

export interface Adjustment {
  reason: string;
  /** VAT-exclusive amount written in the document. */
  net: number;
}

export interface DocumentAmounts {
  lines: LineAmounts[];
  allowances: Adjustment[];
  charges: Adjustment[];
  /** Σ line nets (LegalMonetaryTotal/LineExtensionAmount). */
  lineTotal: number;
  allowanceTotal: number;
  chargeTotal: number;
  /** lineTotal − allowanceTotal + chargeTotal: the taxable amount at 15 %. */
  taxExclusive: number;
  /** VAT on taxExclusive (both TaxTotal blocks). */
  vat: number;
  /** taxExclusive + vat. */
  taxInclusive: number;
  /** payable − taxInclusive: never negative, 0 unless the halalas cannot add up otherwise. */
  payableRounding: number;
  /** What the shopper paid: Σ unit price × quantity − discounts + shipping, VAT included. */
  payable: number;
}

/**
 * The document's amounts from what the shop stores: VAT-inclusive unit prices, shipping and
 * discounts, in halalas. The rule (README, "Amounts"):
 *
 * 1. Each unit price loses its VAT, rounded to the halala: `unitNet = round(unit × 100 / 115)`;
 *    the line's net is `quantity × unitNet` exactly, its VAT `round(net × 15 %)`.
 * 2. Shipping and each discount lose their VAT the same way (document-level charge and allowances).
 * 3. The document's VAT is `round(taxExclusive × 15 %)` over the sum, as ZATCA computes it.
 * 4. What the shopper paid may differ from `taxExclusive + VAT` by a few halalas of rounding.
 *    Nets are lowered one halala at a time (the shipping charge first, then the unit price of the
 *    line with the fewest units) until the document's total is not above what was paid, then
 *    raised again in the same order as far as it stays within; the rest, never negative, is the
 *    PayableRoundingAmount, so PayableAmount is exactly what was paid.
 */
export function computeAmounts(input: {
  lines: DocumentLine[];
  shippingHalalas?: number;
  allowances?: AdjustmentInput[];
}): DocumentAmounts {
  if (input.lines.length === 0) throw new RangeError('a document needs at least one line');
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError(`line quantity must be a whole number from 1: ${line.quantity}`);
    if (!Number.isSafeInteger(line.unitPriceHalalas) || line.unitPriceHalalas < 0)
      throw new RangeError(`unit price must be whole halalas from 0: ${line.unitPriceHalalas}`);
  }
  const shipping = input.shippingHalalas ?? 0;
  if (!Number.isSafeInteger(shipping) || shipping < 0)
    throw new RangeError(`bad shipping amount: ${shipping}`);
  for (const a of input.allowances ?? [])
    if (!Number.isSafeInteger(a.amountHalalas) || a.amountHalalas <= 0)
      throw new RangeError(`bad allowance amount: ${a.amountHalalas}`);

  const payable =
    input.lines.reduce((sum, l) => sum + l.unitPriceHalalas * l.quantity, 0) -
    (input.allowances ?? []).reduce((sum, a) => sum + a.amountHalalas, 0) +
    shipping;
  if (payable < 0) throw new RangeError('discounts exceed what the document charges');

  const unitNets = input.lines.map((l) => netOf(l.unitPriceHalalas));
  let shippingNet = shipping > 0 ? netOf(shipping) : 0;
  const allowanceNets = (input.allowances ?? []).map((a) => netOf(a.amountHalalas));
  const allowanceTotal = allowanceNets.reduce((s, n) => s + n, 0);

  const totalFor = () => {
    const lineTotal = input.lines.reduce((s, l, i) => s + l.quantity * unitNets[i]!, 0);
    const taxExclusive = lineTotal - allowanceTotal + shippingNet;
    return { lineTotal, taxExclusive, taxInclusive: taxExclusive + vatOn(Math.max(taxExclusive, 0)) };
  };
  // Lowering nets: the shipping charge moves one halala at a time; a unit price moves the total
  // by its quantity, so the line with the fewest units is lowered.
  const order = input.lines
    .map((l, i) => i)
    .sort((a, b) => input.lines[a]!.quantity - input.lines[b]!.quantity);
  let totals = totalFor();
  while (totals.taxInclusive > payable) {
    if (shippingNet > 0) shippingNet -= 1;
    else {
      const i = order.find((j) => unitNets[j]! > 0);
      if (i === undefined) throw new RangeError('the amounts cannot be written as a document');
      unitNets[i] = unitNets[i]! - 1;
    }
    totals = totalFor();
  }
  // Rounding each price to the nearest halala may also leave the total below what was paid:
  // nets are raised back while the total stays within it (shipping first, then unit prices).
  const raise = (apply: (step: number) => void) => {
    for (;;) {
      apply(1);
      const next = totalFor();
      if (next.taxInclusive > payable) {
        apply(-1);
        return;
      }
      totals = next;
    }
  };
  if (shipping > 0) raise((step) => (shippingNet += step));
  for (const i of order) raise((step) => (unitNets[i] = unitNets[i]! + step));
  if (totals.taxExclusive < 0) throw new RangeError('discounts exceed the net amounts');

  const lines = input.lines.map((l, i): LineAmounts => {
    const net = l.quantity * unitNets[i]!;
    const vat = vatOn(net);
    return { name: l.name, quantity: l.quantity, unitNet: unitNets[i]!, net, vat, gross: net + vat };
  });
  const vat = vatOn(totals.taxExclusive);
  return {
    lines,
    allowances: (input.allowances ?? []).map((a, i) => ({ reason: a.reason, net: allowanceNets[i]! })),
    charges: shipping > 0 ? [{ reason: 'Shipping', net: shippingNet }] : [],
    lineTotal: totals.lineTotal,
    allowanceTotal,
    chargeTotal: shippingNet,
    taxExclusive: totals.taxExclusive,
    vat,
    taxInclusive: totals.taxExclusive + vat,
    payableRounding: payable - (totals.taxExclusive + vat),
    payable,
  };
}
