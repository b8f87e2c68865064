import { computeAmounts, sar, VAT_PERCENT, type DocumentAmounts } from './amounts.ts';
import type { DocumentInput, SaudiAddress } from './types.ts';
import { escapeXml } from './xml.ts';

/** Hash ZATCA prescribes as the previous-invoice hash of a unit's first document. */
export const INITIAL_PIH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

const TYPE_CODES = { invoice: '388', 'credit-note': '381', 'debit-note': '383' } as const;
/** KSA-2: positions 1–2 `02` simplified; the other five flags (third party, nominal, export, summary, self-billed) off. */
const SIMPLIFIED = '0200000';

const e = escapeXml;
const amount = (halalas: number) => `currencyID="SAR">${sar(halalas)}`;

/** `2026-11-05T10:20:30Z` → date and time of issue, in UTC (the time carries its `Z`). */
export function issueDateTime(at: Date): { date: string; time: string } {
  const iso = at.toISOString();
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 19)}Z` };
}

function checkInput(input: DocumentInput): void {
  const fail = (what: string) => {
    throw new RangeError(what);
  };
  if (!/^3\d{13}3$/.test(input.seller.vatNumber))
    fail('seller VAT number must be 15 digits beginning and ending with 3');
  if (!/^\d{4}$/.test(input.seller.address.buildingNumber)) fail('building number must be 4 digits');
  if (
    input.seller.address.additionalNumber !== undefined &&
    !/^\d{4}$/.test(input.seller.address.additionalNumber)
  )
    fail('additional number must be 4 digits');
  if (!/^\d{5}$/.test(input.seller.address.postalCode)) fail('postal code must be 5 digits');
  for (const [name, value] of [
    ['legal name', input.seller.legalName],
    ['commercial register number', input.seller.commercialRegister],
    ['street', input.seller.address.street],
    ['district', input.seller.address.district],
    ['city', input.seller.address.city],
    ['document number', input.number],
  ] as const)
    if (!value.trim()) fail(`${name} is required`);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.uuid))
    fail('uuid must be a UUID');
  if (!Number.isSafeInteger(input.icv) || input.icv < 1)
    fail('invoice counter must be a whole number from 1');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(input.pih)) fail('previous invoice hash must be base64');
  if (input.kind !== 'invoice') {
    if (!input.billingReference.trim()) fail('a note needs the number of the invoice it corrects');
    if (!input.reason.trim()) fail('a note needs its reason');
  }
}

function address(a: SaudiAddress, indent: string): string {
  const i = indent;
  return [
    `${i}<cac:PostalAddress>`,
    `${i}    <cbc:StreetName>${e(a.street)}</cbc:StreetName>`,
    `${i}    <cbc:BuildingNumber>${e(a.buildingNumber)}</cbc:BuildingNumber>`,
    ...(a.additionalNumber
      ? [`${i}    <cbc:PlotIdentification>${e(a.additionalNumber)}</cbc:PlotIdentification>`]
      : []),
    `${i}    <cbc:CitySubdivisionName>${e(a.district)}</cbc:CitySubdivisionName>`,
    `${i}    <cbc:CityName>${e(a.city)}</cbc:CityName>`,
    `${i}    <cbc:PostalZone>${e(a.postalCode)}</cbc:PostalZone>`,
    `${i}    <cac:Country>`,
    `${i}        <cbc:IdentificationCode>SA</cbc:IdentificationCode>`,
    `${i}    </cac:Country>`,
    `${i}</cac:PostalAddress>`,
  ].join('\n');
}

function taxCategory(indent: string, element = 'cac:TaxCategory'): string {
  return [
    `${indent}<${element}>`,
    `${indent}    <cbc:ID>S</cbc:ID>`,
    `${indent}    <cbc:Percent>${VAT_PERCENT.toFixed(2)}</cbc:Percent>`,
    `${indent}    <cac:TaxScheme>`,
    `${indent}        <cbc:ID>VAT</cbc:ID>`,
    `${indent}    </cac:TaxScheme>`,
    `${indent}</${element}>`,
  ].join('\n');
}

function allowanceCharge(charge: boolean, reason: string, net: number): string {
  return [
    '    <cac:AllowanceCharge>',
    `        <cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator>`,
    `        <cbc:AllowanceChargeReason>${e(reason)}</cbc:AllowanceChargeReason>`,
    `        <cbc:Amount ${amount(net)}</cbc:Amount>`,
    taxCategory('        '),
    '    </cac:AllowanceCharge>',
  ].join('\n');
}

/**
 * The unsigned UBL 2.1 document (profile `reporting:1.0`, simplified): invoice 388, credit note
 * 381 or debit note 383. It has no `UBLExtensions`, QR reference or `cac:Signature` yet;
 * `signInvoice` adds them without changing the hash. Amounts follow `computeAmounts`.
 */
export function buildInvoice(input: DocumentInput): string {
  checkInput(input);
  const totals: DocumentAmounts = computeAmounts(input);
  const { date, time } = issueDateTime(input.issuedAt);
  const s = input.seller;
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">`,
    '    <cbc:ProfileID>reporting:1.0</cbc:ProfileID>',
    `    <cbc:ID>${e(input.number)}</cbc:ID>`,
    `    <cbc:UUID>${e(input.uuid.toLowerCase())}</cbc:UUID>`,
    `    <cbc:IssueDate>${date}</cbc:IssueDate>`,
    `    <cbc:IssueTime>${time}</cbc:IssueTime>`,
    `    <cbc:InvoiceTypeCode name="${SIMPLIFIED}">${TYPE_CODES[input.kind]}</cbc:InvoiceTypeCode>`,
    '    <cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode>',
    '    <cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>',
  ];
  if (input.kind !== 'invoice')
    parts.push(
      '    <cac:BillingReference>',
      '        <cac:InvoiceDocumentReference>',
      `            <cbc:ID>${e(input.billingReference)}</cbc:ID>`,
      '        </cac:InvoiceDocumentReference>',
      '    </cac:BillingReference>',
    );
  parts.push(
    '    <cac:AdditionalDocumentReference>',
    '        <cbc:ID>ICV</cbc:ID>',
    `        <cbc:UUID>${input.icv}</cbc:UUID>`,
    '    </cac:AdditionalDocumentReference>',
    '    <cac:AdditionalDocumentReference>',
    '        <cbc:ID>PIH</cbc:ID>',
    '        <cac:Attachment>',
    `            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${input.pih}</cbc:EmbeddedDocumentBinaryObject>`,
    '        </cac:Attachment>',
    '    </cac:AdditionalDocumentReference>',
    '    <cac:AccountingSupplierParty>',
    '        <cac:Party>',
    '            <cac:PartyIdentification>',
    `                <cbc:ID schemeID="CRN">${e(s.commercialRegister)}</cbc:ID>`,
    '            </cac:PartyIdentification>',
    address(s.address, '            '),
    '            <cac:PartyTaxScheme>',
    `                <cbc:CompanyID>${s.vatNumber}</cbc:CompanyID>`,
    '                <cac:TaxScheme>',
    '                    <cbc:ID>VAT</cbc:ID>',
    '                </cac:TaxScheme>',
    '            </cac:PartyTaxScheme>',
    '            <cac:PartyLegalEntity>',
    `                <cbc:RegistrationName>${e(s.legalName)}</cbc:RegistrationName>`,
    '            </cac:PartyLegalEntity>',
    '        </cac:Party>',
    '    </cac:AccountingSupplierParty>',
    '    <cac:AccountingCustomerParty>',
    '        <cac:Party>',
  );
  const buyer = input.buyer;
  if (buyer?.vatNumber)
    parts.push(
      '            <cac:PartyTaxScheme>',
      `                <cbc:CompanyID>${e(buyer.vatNumber)}</cbc:CompanyID>`,
      '                <cac:TaxScheme>',
      '                    <cbc:ID>VAT</cbc:ID>',
      '                </cac:TaxScheme>',
      '            </cac:PartyTaxScheme>',
    );
  if (buyer?.name)
    parts.push(
      '            <cac:PartyLegalEntity>',
      `                <cbc:RegistrationName>${e(buyer.name)}</cbc:RegistrationName>`,
      '            </cac:PartyLegalEntity>',
    );
  parts.push('        </cac:Party>', '    </cac:AccountingCustomerParty>');
  parts.push(
    '    <cac:PaymentMeans>',
    `        <cbc:PaymentMeansCode>${input.paymentMeans ?? '48'}</cbc:PaymentMeansCode>`,
    ...(input.kind !== 'invoice'
      ? [`        <cbc:InstructionNote>${e(input.reason)}</cbc:InstructionNote>`]
      : []),
    '    </cac:PaymentMeans>',
  );
  for (const a of totals.allowances) parts.push(allowanceCharge(false, a.reason, a.net));
  for (const c of totals.charges) parts.push(allowanceCharge(true, c.reason, c.net));
  parts.push(
    '    <cac:TaxTotal>',
    `        <cbc:TaxAmount ${amount(totals.vat)}</cbc:TaxAmount>`,
    '    </cac:TaxTotal>',
    '    <cac:TaxTotal>',
    `        <cbc:TaxAmount ${amount(totals.vat)}</cbc:TaxAmount>`,
    '        <cac:TaxSubtotal>',
    `            <cbc:TaxableAmount ${amount(totals.taxExclusive)}</cbc:TaxableAmount>`,
    `            <cbc:TaxAmount ${amount(totals.vat)}</cbc:TaxAmount>`,
    taxCategory('            '),
    '        </cac:TaxSubtotal>',
    '    </cac:TaxTotal>',
    '    <cac:LegalMonetaryTotal>',
    `        <cbc:LineExtensionAmount ${amount(totals.lineTotal)}</cbc:LineExtensionAmount>`,
    `        <cbc:TaxExclusiveAmount ${amount(totals.taxExclusive)}</cbc:TaxExclusiveAmount>`,
    `        <cbc:TaxInclusiveAmount ${amount(totals.taxInclusive)}</cbc:TaxInclusiveAmount>`,
    `        <cbc:AllowanceTotalAmount ${amount(totals.allowanceTotal)}</cbc:AllowanceTotalAmount>`,
    `        <cbc:ChargeTotalAmount ${amount(totals.chargeTotal)}</cbc:ChargeTotalAmount>`,
    `        <cbc:PrepaidAmount ${amount(0)}</cbc:PrepaidAmount>`,
    ...(totals.payableRounding > 0
      ? [`        <cbc:PayableRoundingAmount ${amount(totals.payableRounding)}</cbc:PayableRoundingAmount>`]
      : []),
    `        <cbc:PayableAmount ${amount(totals.payable)}</cbc:PayableAmount>`,
    '    </cac:LegalMonetaryTotal>',
  );
  totals.lines.forEach((line, index) => {
    parts.push(
      '    <cac:InvoiceLine>',
      `        <cbc:ID>${index + 1}</cbc:ID>`,
      `        <cbc:InvoicedQuantity unitCode="PCE">${line.quantity}</cbc:InvoicedQuantity>`,
      `        <cbc:LineExtensionAmount ${amount(line.net)}</cbc:LineExtensionAmount>`,
      '        <cac:TaxTotal>',
      `            <cbc:TaxAmount ${amount(line.vat)}</cbc:TaxAmount>`,
      `            <cbc:RoundingAmount ${amount(line.gross)}</cbc:RoundingAmount>`,
      '        </cac:TaxTotal>',
      '        <cac:Item>',
      `            <cbc:Name>${e(line.name)}</cbc:Name>`,
      taxCategory('            ', 'cac:ClassifiedTaxCategory'),
      '        </cac:Item>',
      '        <cac:Price>',
      `            <cbc:PriceAmount ${amount(line.unitNet)}</cbc:PriceAmount>`,
      '        </cac:Price>',
      '    </cac:InvoiceLine>',
    );
  });
  parts.push('</Invoice>', '');
  return parts.join('\n');
}
