import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAmounts, vatOn } from './amounts.ts';
import { buildInvoice } from './invoice.ts';
import { invoiceInput } from './test-support/fixtures.ts';
import { childElements, NS, parseXml, textAt } from './xml.ts';

const halalas = (s: string | undefined) => {
  const m = /^(\d+)\.(\d{2})$/.exec(s ?? '');
  if (!m) throw new Error(`not a two-decimal amount: ${s}`);
  return Number(m[1]) * 100 + Number(m[2]);
};

const cart = fc.record({
  lines: fc.array(
    fc.record({
      name: fc.constant('item'),
      quantity: fc.integer({ min: 1, max: 50 }),
      unitPriceHalalas: fc.integer({ min: 1, max: 2_000_000 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  shippingHalalas: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 20_000 }),
    fc.integer({ min: 1_000, max: 20_000 }),
  ),
  discount: fc.integer({ min: 0, max: 5_000 }),
});

describe('amounts', () => {
  it('an example: 2 × 299.00 + 49.99, shipping 70.00', () => {
    const a = computeAmounts(invoiceInput());
    expect(a.lines.map((l) => [l.unitNet, l.net, l.vat, l.gross])).toEqual([
      [26_000, 52_000, 7_800, 59_800],
      [4_347, 4_347, 652, 4_999],
    ]);
    expect(a.chargeTotal).toBe(6_087);
    expect([a.taxExclusive, a.vat, a.taxInclusive, a.payableRounding, a.payable]).toEqual([
      62_434, 9_365, 71_799, 0, 71_799,
    ]);
  });

  it('property: the written document adds up exactly, and PayableAmount is what the shopper paid', () => {
    fc.assert(
      fc.property(cart, ({ lines, shippingHalalas, discount }) => {
        const paid =
          lines.reduce((s, l) => s + l.quantity * l.unitPriceHalalas, 0) + shippingHalalas - discount;
        fc.pre(paid >= 100);
        const input = invoiceInput({
          lines,
          shippingHalalas,
          allowances: discount > 0 ? [{ reason: 'Coupon', amountHalalas: discount }] : [],
        });
        const root = parseXml(buildInvoice(input)).documentElement;
        const els = (name: string) =>
          childElements(root).filter((e) => e.namespaceURI === NS.cac && e.localName === name);
        let lineSum = 0;
        for (const line of els('InvoiceLine')) {
          const net = halalas(textAt(line, 'cbc:LineExtensionAmount'));
          const qty = Number(textAt(line, 'cbc:InvoicedQuantity'));
          expect(net).toBe(qty * halalas(textAt(line, 'cac:Price', 'cbc:PriceAmount')));
          const vat = halalas(textAt(line, 'cac:TaxTotal', 'cbc:TaxAmount'));
          expect(vat).toBe(vatOn(net));
          expect(halalas(textAt(line, 'cac:TaxTotal', 'cbc:RoundingAmount'))).toBe(net + vat);
          lineSum += net;
        }
        let allowances = 0;
        let charges = 0;
        for (const ac of els('AllowanceCharge')) {
          const amount = halalas(textAt(ac, 'cbc:Amount'));
          if (textAt(ac, 'cbc:ChargeIndicator') === 'true') charges += amount;
          else allowances += amount;
        }
        const total = (name: string) => textAt(root, 'cac:LegalMonetaryTotal', `cbc:${name}`);
        expect(halalas(total('LineExtensionAmount'))).toBe(lineSum);
        expect(halalas(total('AllowanceTotalAmount'))).toBe(allowances);
        expect(halalas(total('ChargeTotalAmount'))).toBe(charges);
        const taxExclusive = halalas(total('TaxExclusiveAmount'));
        expect(taxExclusive).toBe(lineSum - allowances + charges);
        const [plain, withSubtotal] = els('TaxTotal');
        const vat = halalas(textAt(plain!, 'cbc:TaxAmount'));
        expect(vat).toBe(vatOn(taxExclusive));
        expect(halalas(textAt(withSubtotal!, 'cbc:TaxAmount'))).toBe(vat);
        expect(halalas(textAt(withSubtotal!, 'cac:TaxSubtotal', 'cbc:TaxableAmount'))).toBe(taxExclusive);
        expect(halalas(textAt(withSubtotal!, 'cac:TaxSubtotal', 'cbc:TaxAmount'))).toBe(vat);
        const taxInclusive = halalas(total('TaxInclusiveAmount'));
        expect(taxInclusive).toBe(taxExclusive + vat);
        const rounding =
          total('PayableRoundingAmount') === undefined ? 0 : halalas(total('PayableRoundingAmount'));
        expect(rounding).toBeGreaterThanOrEqual(0);
        expect(halalas(total('PayableAmount'))).toBe(taxInclusive + rounding);
        expect(halalas(total('PayableAmount'))).toBe(paid);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the rounding left for PayableRoundingAmount stays small', () => {
    fc.assert(
      fc.property(cart, ({ lines, shippingHalalas }) => {
        const a = computeAmounts({ lines, shippingHalalas });
        const most = Math.max(...lines.map((l) => l.quantity));
        // The shipping charge absorbs a halala at a time (one halala of net moves the total by one
        // or two); without it, a unit price does, which moves the total by about its quantity.
        expect(a.payableRounding).toBeLessThanOrEqual(
          shippingHalalas >= 1_000 ? 1 : Math.ceil(most * 1.15) + 1,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('refuses amounts that cannot be a document', () => {
    expect(() => computeAmounts({ lines: [] })).toThrow();
    expect(() => computeAmounts({ lines: [{ name: 'x', quantity: 0, unitPriceHalalas: 100 }] })).toThrow();
    expect(() => computeAmounts({ lines: [{ name: 'x', quantity: 1, unitPriceHalalas: 1.5 }] })).toThrow();
    expect(() =>
      computeAmounts({
        lines: [{ name: 'x', quantity: 1, unitPriceHalalas: 100 }],
        allowances: [{ reason: 'x', amountHalalas: 200 }],
      }),
    ).toThrow();
  });
});
