import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TEMPLATES, CSR_FIELDS, buildCsr, parseCsr, type FatooraEnvironment } from './csr.ts';
import { formatName } from './certificate.ts';
import { generateSigningKey } from './keys.ts';

const key = generateSigningKey();
const fields = {
  privateKey: key.privateKeyPem,
  commonName: 'TST-886431145-399999999900003',
  serialNumber: '1-Shop|2-1.0|3-unit-1',
  vatNumber: '399999999900003',
  organizationName: 'Riyadh Electronics',
  organizationUnit: 'Riyadh Branch',
  registeredAddress: 'RRRD2929',
  businessCategory: 'Electronics retail',
};

describe('buildCsr', () => {
  for (const environment of Object.keys(CERTIFICATE_TEMPLATES) as FatooraEnvironment[])
    it(`carries the fields ZATCA requires and the ${environment} template, signed with the unit's key`, () => {
      const pem = buildCsr({ ...fields, environment });
      expect(pem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n/);
      const csr = parseCsr(pem);
      expect(csr.template).toBe(CERTIFICATE_TEMPLATES[environment]);
      expect(formatName(csr.subject)).toBe(
        'CN=TST-886431145-399999999900003, O=Riyadh Electronics, OU=Riyadh Branch, C=SA',
      );
      expect(csr.publicKey).toEqual(key.publicKey);
      expect(Object.fromEntries(csr.alternativeName)).toEqual({
        [CSR_FIELDS.surname]: '1-Shop|2-1.0|3-unit-1',
        [CSR_FIELDS.uid]: '399999999900003',
        [CSR_FIELDS.title]: '0100',
        [CSR_FIELDS.registeredAddress]: 'RRRD2929',
        [CSR_FIELDS.businessCategory]: 'Electronics retail',
      });
    });

  it('refuses a malformed serial or VAT number, and a CSR whose signature does not verify', () => {
    expect(() => buildCsr({ ...fields, environment: 'production', serialNumber: 'unit-1' })).toThrow(
      /1-<solution>/,
    );
    expect(() => buildCsr({ ...fields, environment: 'production', vatNumber: '123' })).toThrow(/VAT/);
    const der = Buffer.from(
      buildCsr({ ...fields, environment: 'production' }).replace(/-----[A-Z ]+-----|\s/g, ''),
      'base64',
    );
    der[der.length - 5] = der[der.length - 5]! ^ 1;
    expect(() => parseCsr(der.toString('base64'))).toThrow(/signature/);
  });
});
