import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignedBy, parseCertificate } from './certificate.ts';
import { buildCsr } from './csr.ts';
import { FatooraClient, FatooraError, type Credentials } from './fatoora-client.ts';
import { buildInvoice, INITIAL_PIH } from './invoice.ts';
import { generateSigningKey } from './keys.ts';
import { signInvoice } from './sign.ts';
import {
  REJECTION_SUFFIX,
  SIMULATOR_OTP,
  startFatooraSimulator,
  WARNING_SUFFIX,
  type FatooraSimulator,
} from './simulator.ts';
import { invoiceInput, noteInput } from './test-support/fixtures.ts';
import type { DocumentInput } from './types.ts';

let simulator: FatooraSimulator;
let client: FatooraClient;
const key = generateSigningKey();
const csr = buildCsr({
  environment: 'simulation',
  privateKey: key.privateKeyPem,
  commonName: 'TST-886431145-399999999900003',
  serialNumber: '1-Shop|2-1.0|3-unit-1',
  vatNumber: '399999999900003',
  organizationName: 'Riyadh Electronics',
  organizationUnit: 'Riyadh Branch',
  registeredAddress: 'RRRD2929',
  businessCategory: 'Electronics retail',
});

beforeAll(async () => {
  simulator = await startFatooraSimulator();
  client = new FatooraClient({ baseUrl: simulator.url });
});
afterAll(() => simulator.close());

function stamped(input: DocumentInput, certificate: string) {
  const signed = signInvoice(buildInvoice(input), {
    privateKey: key.privateKeyPem,
    certificate,
    signingTime: new Date(),
  });
  return { xml: signed.xml, hash: signed.hash, uuid: input.uuid };
}

describe('onboarding and reporting against the simulator', () => {
  it('refuses a wrong OTP', async () => {
    const error = await client.complianceCsid(csr, '000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatooraError);
    expect((error as FatooraError).retryable).toBe(false);
    expect((error as FatooraError).messages[0]?.code).toBe('Invalid-OTP');
  });

  it('CSR → compliance CSID → compliance checks → production CSID → reporting: reported, warning, rejected, tampered', async () => {
    const compliance = await client.complianceCsid(csr, SIMULATOR_OTP);
    const complianceCert = parseCertificate(compliance.binarySecurityToken);
    expect(isSignedBy(complianceCert, parseCertificate(simulator.caCertificate))).toBe(true);
    const complianceCredentials: Credentials = compliance;

    // Production CSIDs wait for the three kinds of simplified documents.
    await expect(client.productionCsid({ ...compliance })).rejects.toThrow(FatooraError);
    for (const input of [
      invoiceInput({ uuid: randomUUID() }),
      noteInput('credit-note'),
      noteInput('debit-note'),
    ]) {
      const outcome = await client.complianceCheck(
        complianceCredentials,
        stamped(input, compliance.binarySecurityToken),
      );
      expect(outcome.status).toBe('reported');
    }
    const production = await client.productionCsid({ ...compliance });
    const certificate = production.binarySecurityToken;
    expect(parseCertificate(certificate).publicKey).toEqual(key.publicKey);

    // A compliance CSID cannot report.
    await expect(
      client.report(
        complianceCredentials,
        stamped(invoiceInput({ uuid: randomUUID() }), compliance.binarySecurityToken),
      ),
    ).rejects.toMatchObject({ httpStatus: 401, retryable: false });

    const first = stamped(invoiceInput({ uuid: randomUUID(), pih: INITIAL_PIH }), certificate);
    const reported = await client.report(production, first);
    expect(reported.status).toBe('reported');
    expect(reported.validation.errorMessages).toEqual([]);

    const warned = await client.report(
      production,
      stamped(
        invoiceInput({ uuid: randomUUID(), number: `10002${WARNING_SUFFIX}`, icv: 2, pih: first.hash }),
        certificate,
      ),
    );
    expect(warned.status).toBe('reported-with-warnings');
    expect(warned.validation.warningMessages.map((m) => m.code)).toEqual(['SIM-WARNING']);

    const rejected = await client.report(
      production,
      stamped(invoiceInput({ uuid: randomUUID(), number: `10003${REJECTION_SUFFIX}`, icv: 3 }), certificate),
    );
    expect(rejected.status).toBe('rejected');
    expect(rejected.validation.errorMessages.map((m) => m.code)).toEqual(['SIM-REJECTED']);

    const good = stamped(invoiceInput({ uuid: randomUUID(), number: '10004', icv: 4 }), certificate);
    const other = stamped(invoiceInput({ uuid: randomUUID(), number: '10005', icv: 5 }), certificate);
    const otherSignature = /<ds:SignatureValue>([^<]+)/.exec(other.xml)![1]!;
    const tampered = {
      ...good,
      xml: good.xml.replace(/<ds:SignatureValue>[^<]+/, `<ds:SignatureValue>${otherSignature}`),
    };
    const refused = await client.report(production, tampered);
    expect(refused.status).toBe('rejected');
    expect(refused.validation.errorMessages.map((m) => m.code)).toContain('SIGNATURE_INVALID');

    const wrongHash = await client.report(production, { ...good, hash: first.hash });
    expect(wrongHash.status).toBe('rejected');
  });

  it('tells retryable failures (network, 5xx, 429) from final ones', async () => {
    const unreachable = new FatooraClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.complianceCsid(csr, SIMULATOR_OTP)).rejects.toMatchObject({ retryable: true });
    for (const status of [500, 503, 429])
      await expect(
        new FatooraClient({
          baseUrl: 'http://x',
          fetch: async () => new Response('{}', { status }),
        }).complianceCsid(csr, '1'),
      ).rejects.toMatchObject({ retryable: true, httpStatus: status });
    await expect(
      new FatooraClient({
        baseUrl: 'http://x',
        fetch: async () => new Response('{}', { status: 401 }),
      }).report({ binarySecurityToken: 'a', secret: 'b' }, { xml: '<x/>', hash: 'h', uuid: 'u' }),
    ).rejects.toMatchObject({ retryable: false, httpStatus: 401 });
  });

  it("sends ZATCA's headers: version, clearance status and Basic auth of token:secret", async () => {
    let seen: Headers | undefined;
    const spy = new FatooraClient({
      baseUrl: 'http://x/',
      fetch: async (_url, init) => {
        seen = new Headers(init?.headers);
        return new Response(
          JSON.stringify({ validationResults: { status: 'PASS' }, reportingStatus: 'REPORTED' }),
          { status: 200 },
        );
      },
    });
    await spy.report(
      { binarySecurityToken: 'TOKEN', secret: 'SECRET' },
      { xml: '<x/>', hash: 'h', uuid: 'u' },
    );
    expect(seen?.get('accept-version')).toBe('V2');
    expect(seen?.get('clearance-status')).toBe('0');
    expect(seen?.get('authorization')).toBe(`Basic ${Buffer.from('TOKEN:SECRET').toString('base64')}`);
  });
});
