import { buildInvoice } from '@shop/zatca';
import { expect } from 'vitest';
import { seller } from '../../../../packages/zatca/src/test-support/fixtures.ts';
import type { orderLines, orders } from '../modules/orders/schema.ts';
import { invoiceContentOf } from '../use-cases/einvoicing/issue.ts';

/** The order's money adds up: lines net of the code, shipping, total, and the e-invoice's totals. */
export function expectConsistent(
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
) {
  const paidForLines = lines.reduce((s, l) => s + l.unitPriceHalalas * l.quantity - l.codeDiscountHalalas, 0);
  expect(lines.reduce((s, l) => s + l.codeDiscountHalalas, 0)).toBe(order.codeDiscountHalalas);
  for (const l of lines) expect(l.codeDiscountHalalas).toBeLessThanOrEqual(l.unitPriceHalalas * l.quantity);
  expect(paidForLines + order.shippingHalalas).toBe(order.totalHalalas);
  const xml = buildInvoice({
    kind: 'invoice',
    number: String(order.number),
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt: new Date('2026-11-27T10:00:00Z'),
    icv: 1,
    pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    seller,
    paymentMeans: '48',
    ...invoiceContentOf(order, lines),
  });
  const amount = (tag: string) => {
    const m = new RegExp(`<cbc:${tag} currencyID="SAR">([0-9.]+)</cbc:${tag}>`).exec(xml);
    return Math.round(Number(m?.[1]) * 100);
  };
  const lineExtension = amount('LineExtensionAmount');
  const allowances = amount('AllowanceTotalAmount');
  const charges = xml.includes('ChargeTotalAmount') ? amount('ChargeTotalAmount') : 0;
  const taxExclusive = amount('TaxExclusiveAmount');
  expect(lineExtension - allowances + charges).toBe(taxExclusive);
  expect(taxExclusive + amount('TaxAmount')).toBe(amount('TaxInclusiveAmount'));
  expect(amount('PayableAmount')).toBe(order.totalHalalas);
  return xml;
}
