import { randomUUID } from 'node:crypto';
import type { EinvoiceOnboardBody } from '@shop/contract';
import {
  buildCsr,
  buildInvoice,
  FatooraError,
  generateSigningKey,
  INITIAL_PIH,
  parseCertificate,
  signInvoice,
  type Credentials,
  type DocumentInput,
  type FatooraClient,
  type Seller,
} from '@shop/zatca';
import { AppError } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { activateUnit, type SealingConfig } from '../../modules/einvoices/service.ts';
import type { EinvoiceUnitRow } from '../../modules/einvoices/schema.ts';

/**
 * Onboarding a signing unit (owners; decision 173), in one request: a new secp256k1 key and the
 * CSR ZATCA requires, the compliance CSID for it with the owner's one-time password, the three
 * compliance checks (a signed simplified invoice, credit note and debit note, outside the
 * production chain), then the production CSID. Only a unit that passed every step is stored
 * (key and secret sealed); it becomes the active unit and its chain starts at counter 1.
 */

export type OnboardDeps = Pick<Shop, 'db' | 'log' | 'fatoora'> & { config: SealingConfig };

/** The software's name and version in the EGS serial (`1-solution|2-version|3-unit`). */
const SOLUTION = 'RiyadhElectronicsShop';
const VERSION = '1.0';

function sellerOf(input: EinvoiceOnboardBody): Seller {
  return {
    legalName: input.legalName,
    vatNumber: input.vatNumber,
    commercialRegister: input.commercialRegister,
    address: {
      street: input.street,
      buildingNumber: input.buildingNumber,
      ...(input.additionalNumber ? { additionalNumber: input.additionalNumber } : {}),
      district: input.district,
      city: input.city,
      postalCode: input.postalCode,
    },
  };
}

/** The three compliance samples: small documents of the unit's seller, each signed with the compliance CSID. */
function complianceSamples(seller: Seller): DocumentInput[] {
  const base = {
    issuedAt: new Date(),
    icv: 1,
    pih: INITIAL_PIH,
    seller,
    lines: [{ name: 'عينة الامتثال | Compliance sample', quantity: 1, unitPriceHalalas: 11_500 }],
  };
  return [
    { ...base, kind: 'invoice', number: 'COMPLIANCE-INV-1', uuid: randomUUID() },
    {
      ...base,
      kind: 'credit-note',
      number: 'COMPLIANCE-CN-1',
      uuid: randomUUID(),
      billingReference: 'COMPLIANCE-INV-1',
      reason: 'عينة الامتثال | Compliance sample',
    },
    {
      ...base,
      kind: 'debit-note',
      number: 'COMPLIANCE-DN-1',
      uuid: randomUUID(),
      billingReference: 'COMPLIANCE-INV-1',
      reason: 'عينة الامتثال | Compliance sample',
    },
  ];
}

async function passComplianceChecks(
  client: FatooraClient,
  compliance: Credentials,
  privateKey: string,
  seller: Seller,
): Promise<void> {
  for (const sample of complianceSamples(seller)) {
    const signed = signInvoice(buildInvoice(sample), {
      privateKey,
      certificate: compliance.binarySecurityToken,
      signingTime: new Date(),
    });
    const outcome = await client.complianceCheck(compliance, {
      xml: signed.xml,
      hash: signed.hash,
      uuid: sample.uuid,
    });
    if (outcome.status === 'rejected')
      throw new FatooraError(
        `compliance check of the ${sample.kind} refused`,
        false,
        400,
        outcome.validation.errorMessages,
      );
  }
}

export async function onboardSigningUnit(
  deps: OnboardDeps,
  input: EinvoiceOnboardBody,
  by: AuditActor,
): Promise<EinvoiceUnitRow> {
  const seller = sellerOf(input);
  const key = generateSigningKey();
  const serialNumber = `1-${SOLUTION}|2-${VERSION}|3-${randomUUID()}`;
  const commonName = `EGS-${input.vatNumber}`;
  const client = await deps.fatoora.client();
  let production;
  try {
    const csr = buildCsr({
      environment: deps.fatoora.environment,
      privateKey: key.privateKeyPem,
      commonName,
      serialNumber,
      vatNumber: input.vatNumber,
      organizationName: input.legalName,
      organizationUnit: input.branch,
      registeredAddress: `${input.buildingNumber} ${input.street}, ${input.district}, ${input.city} ${input.postalCode}`,
      businessCategory: input.businessCategory,
    });
    const compliance = await client.complianceCsid(csr, input.otp);
    await passComplianceChecks(client, compliance, key.privateKeyPem, seller);
    production = await client.productionCsid(compliance);
  } catch (error) {
    if (!(error instanceof FatooraError)) throw error;
    deps.log.warn({ err: error, messages: error.messages }, 'e-invoicing onboarding refused');
    if (error.retryable) throw new AppError(503, 'EINVOICE_FATOORA_UNAVAILABLE');
    throw new AppError(422, 'EINVOICE_ONBOARDING_REFUSED');
  }
  const certificate = parseCertificate(production.binarySecurityToken);
  return deps.db.transaction(async (tx) => {
    const unit = await activateUnit(tx, deps.config, {
      environment: deps.fatoora.environment,
      apiUrl: deps.fatoora.address,
      commonName,
      serialNumber,
      seller,
      privateKeyPem: key.privateKeyPem,
      certificate: production.binarySecurityToken,
      secret: production.secret,
      certificateExpiresAt: certificate.notAfter,
      onboardedBy: by.staffId,
    });
    await recordAudit(tx, {
      by,
      action: 'einvoice.onboard',
      entityType: 'einvoice_unit',
      entityId: String(unit.id),
      before: null,
      after: {
        commonName,
        serialNumber,
        environment: unit.environment,
        certificateExpiresAt: unit.certificateExpiresAt,
      },
    });
    return unit;
  });
}
