import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { binarySecurityToken, parseCertificate } from './certificate.ts';
import { issueCertificate, Name, nameRdn, parseCsr, CSR_FIELDS, type CsrInfo } from './csr.ts';
import type { FatooraMessage } from './fatoora-client.ts';
import { generateSigningKey } from './keys.ts';
import { checkSignedInvoice } from './sign.ts';

/** The OTP the simulator accepts unless told otherwise (ZATCA's developer portal uses the same). */
export const SIMULATOR_OTP = '123345';
/** A document whose number ends with this is reported with a warning. */
export const WARNING_SUFFIX = '-WARN';
/** A document whose number ends with this is rejected. */
export const REJECTION_SUFFIX = '-REJECT';

const TYPE_CODES = ['388', '381', '383'] as const;

interface Unit {
  requestId: string;
  csr: CsrInfo;
  token: string;
  secret: string;
  certificatePem: string;
  kind: 'compliance' | 'production';
  /** Document types (388/381/383) that passed the compliance checks. */
  passed: Set<string>;
}

export interface FatooraSimulator {
  url: string;
  /** The test CA's certificate (PEM), to check issued CSIDs against. */
  caCertificate: string;
  close(): Promise<void>;
}

const pass = (code: string, category: string, message: string): FatooraMessage => ({
  type: 'INFO',
  code,
  category,
  message,
  status: 'PASS',
});

/**
 * A local stand-in for ZATCA's Fatoora API (the four calls the shop makes), on node:http: it
 * issues compliance and production CSIDs from CSRs with its own secp256k1 test CA, checks the
 * OTP, and checks the hash, signature, signed properties, certificate and QR code of every
 * document it receives. Deterministic answers: a document number ending in `-WARN` is reported
 * with a warning (202), one ending in `-REJECT` is rejected (400).
 */
export async function startFatooraSimulator(
  options: { port?: number; host?: string; otp?: string } = {},
): Promise<FatooraSimulator> {
  const otp = options.otp ?? SIMULATOR_OTP;
  const caKey = generateSigningKey();
  const caName = new Name([
    nameRdn('2.5.4.10', 'Shop Fatoora Simulator'),
    nameRdn('2.5.4.3', 'Fatoora Simulator CA'),
  ]);
  const now = Date.now();
  const caCertificate = issueCertificate({
    issuerName: caName,
    issuerKey: caKey.privateKeyPem,
    subject: caName,
    publicKey: caKey.publicKey,
    serial: Uint8Array.from([1]),
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 10 * 365 * 86_400_000),
  });
  const units = new Map<string, Unit>();
  let nextRequestId = 1234567890123;

  const issue = (csr: CsrInfo, kind: Unit['kind'], passed = new Set<string>()): Unit => {
    const serial = randomBytes(16);
    serial[0] = serial[0]! & 0x7f;
    const certificatePem = issueCertificate({
      issuerName: caName,
      issuerKey: caKey.privateKeyPem,
      subject: csr.subject,
      publicKey: csr.publicKey,
      serial,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + (kind === 'compliance' ? 1 : 5 * 365) * 86_400_000),
      extensions: csr.extensions,
    });
    const unit: Unit = {
      requestId: String(nextRequestId++),
      csr,
      token: binarySecurityToken(parseCertificate(certificatePem)),
      secret: randomBytes(24).toString('base64'),
      certificatePem,
      kind,
      passed,
    };
    units.set(unit.token, unit);
    return unit;
  };

  const authenticated = (req: IncomingMessage): Unit | undefined => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.lastIndexOf(':');
    const unit = units.get(decoded.slice(0, colon));
    return unit && unit.secret === decoded.slice(colon + 1) ? unit : undefined;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const checkDocument = (unit: Unit, body: { invoiceHash?: string; uuid?: string; invoice?: string }) => {
    const errors: FatooraMessage[] = [];
    const warnings: FatooraMessage[] = [];
    const error = (code: string, category: string, message: string) =>
      errors.push({ type: 'ERROR', code, category, message, status: 'ERROR' });
    const xml = Buffer.from(body.invoice ?? '', 'base64').toString('utf8');
    const checked = checkSignedInvoice(xml, unit.certificatePem);
    for (const p of checked.problems) error(p.code, 'SIGNATURE_AND_QR', p.message);
    if (checked.hash && body.invoiceHash !== checked.hash)
      error('invoiceHash', 'HASH', 'the invoiceHash sent is not the hash of the invoice');
    if (body.uuid !== checked.uuid) error('uuid', 'UUID', 'the uuid sent is not the invoice UUID');
    if (checked.icv === undefined) error('BR-KSA-33', 'KSA', 'the invoice counter (ICV) is missing');
    if (!checked.pih) error('BR-KSA-61', 'KSA', 'the previous invoice hash (PIH) is missing');
    if (checked.number?.endsWith(REJECTION_SUFFIX))
      error('SIM-REJECTED', 'KSA', 'rejected by the simulator (document number ends in -REJECT)');
    if (checked.number?.endsWith(WARNING_SUFFIX))
      warnings.push({
        type: 'WARNING',
        code: 'SIM-WARNING',
        category: 'KSA',
        message: 'reported with a warning by the simulator (document number ends in -WARN)',
        status: 'WARNING',
      });
    const status = errors.length > 0 ? 'ERROR' : warnings.length > 0 ? 'WARNING' : 'PASS';
    return {
      checked,
      status,
      validationResults: {
        infoMessages: errors.length
          ? []
          : [pass('XSD_ZATCA_VALID', 'XSD validation', 'Complied with UBL 2.1 standards')],
        warningMessages: warnings,
        errorMessages: errors,
        status,
      },
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, string> = {};
    try {
      body = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>)
        : {};
    } catch {
      return send(res, 400, { errors: [{ code: 'Invalid-Request', message: 'the body is not JSON' }] });
    }
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST') return send(res, 405, { message: 'method not allowed' });
    if (req.headers['accept-version'] !== 'V2')
      return send(res, 400, { errors: [{ code: 'Invalid-Version', message: 'Accept-Version must be V2' }] });

    if (path === '/compliance') {
      if (req.headers.otp !== otp)
        return send(res, 400, { errors: [{ code: 'Invalid-OTP', message: 'the OTP is not valid' }] });
      let csr: CsrInfo;
      try {
        csr = parseCsr(body.csr ?? '');
      } catch (error) {
        return send(res, 400, { errors: [{ code: 'Invalid-CSR', message: (error as Error).message }] });
      }
      const missing = [CSR_FIELDS.surname, CSR_FIELDS.uid, CSR_FIELDS.title].filter(
        (oid) => !csr.alternativeName.get(oid),
      );
      if (!csr.template || missing.length > 0)
        return send(res, 400, {
          errors: [{ code: 'Invalid-CSR', message: 'the CSR lacks the template or EGS fields' }],
        });
      const unit = issue(csr, 'compliance');
      return send(res, 200, {
        requestID: Number(unit.requestId),
        dispositionMessage: 'ISSUED',
        binarySecurityToken: unit.token,
        secret: unit.secret,
        errors: null,
      });
    }

    const unit = authenticated(req);
    if (!unit) return send(res, 401, { message: 'Unauthorized' });

    if (path === '/compliance/invoices') {
      if (unit.kind !== 'compliance') return send(res, 401, { message: 'a compliance CSID is needed' });
      const result = checkDocument(unit, body);
      const ok = result.status !== 'ERROR';
      if (ok && result.checked.typeCode) unit.passed.add(result.checked.typeCode);
      return send(res, ok ? 200 : 400, {
        validationResults: result.validationResults,
        reportingStatus: ok ? 'REPORTED' : 'NOT_REPORTED',
        clearanceStatus: null,
        qrSellertStatus: null,
        qrBuyertStatus: null,
      });
    }

    if (path === '/production/csids') {
      if (unit.kind !== 'compliance' || body.compliance_request_id !== unit.requestId)
        return send(res, 400, {
          errors: [{ code: 'Invalid-Request', message: 'unknown compliance_request_id' }],
        });
      const missing = TYPE_CODES.filter((code) => !unit.passed.has(code));
      if (missing.length > 0)
        return send(res, 400, {
          errors: [
            {
              code: 'Missing-ComplianceSteps',
              message: `compliance checks missing for ${missing.join(', ')}`,
            },
          ],
        });
      const production = issue(unit.csr, 'production');
      return send(res, 200, {
        requestID: Number(production.requestId),
        tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
        dispositionMessage: 'ISSUED',
        binarySecurityToken: production.token,
        secret: production.secret,
      });
    }

    if (path === '/invoices/reporting/single') {
      if (unit.kind !== 'production') return send(res, 401, { message: 'a production CSID is needed' });
      if (req.headers['clearance-status'] !== '0')
        return send(res, 400, {
          errors: [
            {
              code: 'Clearance-Status',
              message: 'simplified documents are reported with Clearance-Status: 0',
            },
          ],
        });
      const result = checkDocument(unit, body);
      const status = result.status === 'ERROR' ? 400 : result.status === 'WARNING' ? 202 : 200;
      return send(res, status, {
        validationResults: result.validationResults,
        reportingStatus: status === 400 ? 'NOT_REPORTED' : 'REPORTED',
      });
    }
    return send(res, 404, { message: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { message: (error as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    caCertificate,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
