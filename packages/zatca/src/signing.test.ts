import { describe, expect, it } from 'vitest';
import { parseCertificate } from './certificate.ts';
import { buildInvoice } from './invoice.ts';
import { invoiceHash } from './hash.ts';
import { decodeQrTlv } from './qr.ts';
import { checkSignedInvoice, signInvoice } from './sign.ts';
import { invoiceInput, testUnit } from './test-support/fixtures.ts';

const unit = testUnit();
const signingTime = new Date('2026-11-05T10:20:31Z');

describe('signInvoice', () => {
  it('stamps a document that verifies: hash, signature, signed properties, certificate and QR', () => {
    const unsigned = buildInvoice(invoiceInput());
    const signed = signInvoice(unsigned, {
      privateKey: unit.key.privateKeyPem,
      certificate: unit.certificate,
      signingTime,
    });
    expect(signed.hash).toBe(invoiceHash(unsigned));
    expect(invoiceHash(signed.xml)).toBe(signed.hash);
    const checked = checkSignedInvoice(signed.xml, unit.certificate);
    expect(checked.problems).toEqual([]);
    expect(checked.icv).toBe(1);
    expect(signed.xml).toContain('<xades:SigningTime>2026-11-05T10:20:31Z</xades:SigningTime>');
  });

  it('writes QR tags 1–9 from the document and the certificate', () => {
    const signed = signInvoice(buildInvoice(invoiceInput()), {
      privateKey: unit.key.privateKeyPem,
      certificate: unit.certificate,
      signingTime,
    });
    const tags = decodeQrTlv(signed.qr);
    const cert = parseCertificate(unit.certificate);
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.get(1)!.toString()).toBe('شركة متجر الرياض للإلكترونيات');
    expect(tags.get(2)!.toString()).toBe('399999999900003');
    expect(tags.get(3)!.toString()).toBe('2026-11-05T10:20:30Z');
    expect(tags.get(4)!.toString()).toBe('717.99');
    expect(tags.get(5)!.toString()).toBe('93.65');
    expect(tags.get(6)!.toString()).toBe(signed.hash);
    expect(tags.get(7)!.toString()).toBe(signed.signature);
    expect(Buffer.compare(tags.get(8)!, Buffer.from(cert.publicKeyInfo))).toBe(0);
    expect(Buffer.compare(tags.get(9)!, Buffer.from(cert.signature))).toBe(0);
  });

  it('keeps the QR code within 700 characters for a typical invoice, and under 1,000 at the longest name', () => {
    const sign = (legalName: string) =>
      signInvoice(buildInvoice(invoiceInput({ seller: { ...invoiceInput().seller, legalName } })), {
        privateKey: unit.key.privateKeyPem,
        certificate: unit.certificate,
        signingTime,
      });
    expect(sign('شركة متجر الرياض للإلكترونيات').qr.length).toBeLessThanOrEqual(700);
    // 255 bytes is the most one TLV length byte can say: 127 Arabic letters and one space.
    expect(sign(`${'م'.repeat(127)} `).qr.length).toBeLessThanOrEqual(1000);
    expect(() => sign('م'.repeat(128))).toThrow(/longer than 255 bytes/);
  });

  it('refuses a key that does not belong to the certificate', () => {
    const other = testUnit();
    expect(() =>
      signInvoice(buildInvoice(invoiceInput()), {
        privateKey: other.key.privateKeyPem,
        certificate: unit.certificate,
        signingTime,
      }),
    ).toThrow(/does not belong/);
  });

  it('finds a tampered signature, amount, QR code or signed property', () => {
    const signed = signInvoice(buildInvoice(invoiceInput()), {
      privateKey: unit.key.privateKeyPem,
      certificate: unit.certificate,
      signingTime,
    });
    const codes = (xml: string) => checkSignedInvoice(xml, unit.certificate).problems.map((p) => p.code);
    const otherSignature = signInvoice(buildInvoice(invoiceInput({ number: '10002' })), {
      privateKey: unit.key.privateKeyPem,
      certificate: unit.certificate,
      signingTime,
    }).signature;
    expect(
      codes(signed.xml.replace(signed.signature, otherSignature).replace(signed.qr, signed.qr)),
    ).toContain('SIGNATURE_INVALID');
    expect(
      codes(
        signed.xml.replace(
          '<cbc:PriceAmount currencyID="SAR">260.00',
          '<cbc:PriceAmount currencyID="SAR">250.00',
        ),
      ),
    ).toContain('HASH_MISMATCH');
    expect(codes(signed.xml.replace('2026-11-05T10:20:31Z', '2026-11-05T10:20:32Z'))).toEqual([
      'SIGNED_PROPERTIES_INVALID',
    ]);
    const qr = decodeQrTlv(signed.qr);
    qr.set(4, Buffer.from('1.00'));
    const forged = Buffer.concat(
      [...qr].map(([t, v]) => Buffer.concat([Buffer.from([t, v.length]), v])),
    ).toString('base64');
    expect(codes(signed.xml.replace(signed.qr, forged))).toEqual(['QR_MISMATCH']);
  });
});
