import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildInvoice } from './invoice.ts';
import { signInvoice } from './sign.ts';
import { invoiceInput, noteInput, testUnit } from './test-support/fixtures.ts';

const root = new URL('../schemas/UBL-2.1/', import.meta.url);
const preload = ['xsd/common', 'xsd/maindoc'].flatMap((dir) =>
  readdirSync(new URL(dir, root)).map((name) => ({
    fileName: `${dir}/${name}`,
    contents: readFileSync(new URL(`${dir}/${name}`, root), 'utf8'),
  })),
);
const invoiceSchema = preload.find((f) => f.fileName === 'xsd/maindoc/UBL-Invoice-2.1.xsd')!;

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [invoiceSchema],
    preload: preload.filter((f) => f !== invoiceSchema),
    maxMemoryPages: 2048,
  });
  return result.errors.map((e) => e.rawMessage);
}

const unit = testUnit();
const sign = (xml: string) =>
  signInvoice(xml, {
    privateKey: unit.key.privateKeyPem,
    certificate: unit.certificate,
    signingTime: new Date(),
  }).xml;

describe('the documents against the OASIS UBL 2.1 schemas', () => {
  const cases = {
    invoice: invoiceInput({ allowances: [{ reason: 'Coupon', amountHalalas: 1_000 }] }),
    'invoice with a buyer and no shipping': invoiceInput({
      buyer: { name: 'Noura', vatNumber: '300000000000003' },
      shippingHalalas: 0,
    }),
    'credit note': noteInput('credit-note'),
    'debit note': noteInput('debit-note'),
  };
  for (const [name, input] of Object.entries(cases)) {
    it(`a ${name}, unsigned and signed, is valid`, async () => {
      const unsigned = buildInvoice(input);
      expect(await schemaErrors(unsigned)).toEqual([]);
      expect(await schemaErrors(sign(unsigned))).toEqual([]);
    });
  }

  it('finds an element out of order (the check can fail)', async () => {
    const xml = buildInvoice(invoiceInput())
      .replace('    <cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode>\n', '')
      .replace(
        '<cac:PaymentMeans>',
        '<cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode><cac:PaymentMeans>',
      );
    expect((await schemaErrors(xml)).length).toBeGreaterThan(0);
  });
});
