import { describe, expect, it } from 'vitest';
import { invoiceHash } from './hash.ts';
import { buildInvoice } from './invoice.ts';
import { signInvoice } from './sign.ts';
import { invoiceInput, noteInput, seller, testUnit } from './test-support/fixtures.ts';
import type { DocumentInput } from './types.ts';

const base = invoiceHash(buildInvoice(invoiceInput()));
const changed: Record<string, Partial<DocumentInput>> = {
  number: { number: '10002' },
  uuid: { uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28bf' },
  'issue time': { issuedAt: new Date('2026-11-05T10:20:31Z') },
  counter: { icv: 2 },
  'previous hash': { pih: 'Hss2gNFjBY5OJn/5CEVZSSNUMrSf4QlCMxwsioPN6fA=' },
  'seller name': { seller: { ...seller, legalName: 'Another name' } },
  'seller VAT number': { seller: { ...seller, vatNumber: '310000000000003' } },
  'building number': { seller: { ...seller, address: { ...seller.address, buildingNumber: '2323' } } },
  buyer: { buyer: { name: 'Noura' } },
  'a line quantity': { lines: [{ name: 'سماعات لاسلكية', quantity: 3, unitPriceHalalas: 29_900 }] },
  'a unit price': { lines: [{ name: 'سماعات لاسلكية', quantity: 2, unitPriceHalalas: 29_800 }] },
  'an item name': { lines: [{ name: 'سماعة', quantity: 2, unitPriceHalalas: 29_900 }] },
  shipping: { shippingHalalas: 6_000 },
  discount: { allowances: [{ reason: 'Coupon', amountHalalas: 100 }] },
  'payment means': { paymentMeans: '10' },
};

describe('invoiceHash', () => {
  for (const [field, change] of Object.entries(changed))
    it(`changes when the ${field} changes`, () => {
      expect(invoiceHash(buildInvoice(invoiceInput(change)))).not.toBe(base);
    });

  it("changes with a credit note's reason or billing reference", () => {
    const note = noteInput('credit-note', { uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be' });
    const h = invoiceHash(buildInvoice(note));
    expect(invoiceHash(buildInvoice({ ...note, reason: 'Other reason' } as DocumentInput))).not.toBe(h);
    expect(invoiceHash(buildInvoice({ ...note, billingReference: '10003' } as DocumentInput))).not.toBe(h);
  });

  it('does not change with the UBLExtensions, the QR reference or cac:Signature', () => {
    const unit = testUnit();
    const signed = signInvoice(buildInvoice(invoiceInput()), {
      privateKey: unit.key.privateKeyPem,
      certificate: unit.certificate,
      signingTime: new Date('2026-11-05T10:21:00Z'),
    });
    expect(invoiceHash(signed.xml)).toBe(base);
    const alter = (xml: string) =>
      xml
        .replace(/<ds:SignatureValue>[^<]+/, '<ds:SignatureValue>AAAA')
        .replace(
          /(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">)[^<]+/,
          '$1AQID',
        )
        .replace(
          '<cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades',
          '<cbc:SignatureMethod>other',
        );
    const altered = alter(signed.xml);
    expect(altered).not.toBe(signed.xml);
    expect(invoiceHash(altered)).toBe(base);
  });
});
