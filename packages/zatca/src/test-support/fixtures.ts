import { randomUUID } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { buildCsr, issueCertificate, Name, nameRdn, parseCsr } from '../csr.ts';
import { generateSigningKey } from '../keys.ts';
import type { DocumentInput, Seller } from '../types.ts';

export const seller: Seller = {
  legalName: 'شركة متجر الرياض للإلكترونيات',
  vatNumber: '399999999900003',
  commercialRegister: '1010010000',
  address: {
    street: 'طريق الملك فهد',
    buildingNumber: '2322',
    additionalNumber: '8228',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12214',
  },
};

export function invoiceInput(overrides: Partial<DocumentInput> = {}): DocumentInput {
  return {
    kind: 'invoice',
    number: '10001',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt: new Date('2026-11-05T10:20:30Z'),
    icv: 1,
    pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    seller,
    lines: [
      { name: 'سماعات لاسلكية', quantity: 2, unitPriceHalalas: 29_900 },
      { name: 'USB-C cable 1 m', quantity: 1, unitPriceHalalas: 4_999 },
    ],
    shippingHalalas: 7_000,
    ...overrides,
  } as DocumentInput;
}

export function noteInput(
  kind: 'credit-note' | 'debit-note',
  overrides: Partial<DocumentInput> = {},
): DocumentInput {
  return {
    ...invoiceInput(),
    kind,
    number: kind === 'credit-note' ? 'CN-7' : 'DN-3',
    uuid: randomUUID(),
    billingReference: '10001',
    reason: kind === 'credit-note' ? 'إرجاع منتج | Item returned' : 'Price corrected',
    lines: [{ name: 'سماعات لاسلكية', quantity: 1, unitPriceHalalas: 29_900 }],
    shippingHalalas: 0,
    ...overrides,
  } as DocumentInput;
}

/** A unit's key and a certificate for it from a throwaway CA (what the simulator does, without HTTP). */
export function testUnit() {
  const key = generateSigningKey();
  const ca = generateSigningKey();
  const csr = parseCsr(
    buildCsr({
      environment: 'developer-portal',
      privateKey: key.privateKeyPem,
      commonName: 'TST-886431145-399999999900003',
      serialNumber: '1-Shop|2-1.0|3-unit-1',
      vatNumber: '399999999900003',
      organizationName: 'Riyadh Electronics',
      organizationUnit: 'Riyadh Branch',
      registeredAddress: 'RRRD2929',
      businessCategory: 'Electronics retail',
    }),
  );
  const caName = new Name([nameRdn('2.5.4.3', 'Test CA')]);
  const certificate = issueCertificate({
    issuerName: caName,
    issuerKey: ca.privateKeyPem,
    subject: csr.subject,
    publicKey: csr.publicKey,
    serial: Uint8Array.from([0x11, 0, 0, 0x38, 3]),
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2031-01-01T00:00:00Z'),
    extensions: csr.extensions,
  });
  return { key, certificate, caCertificateName: AsnConvert.serialize(caName) };
}
