import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  DirectoryString,
  Extension,
  Extensions,
  GeneralName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  TBSCertificate,
  Validity,
} from '@peculiar/asn1-x509';
import { ecdsaSign, ecdsaVerify, fromPem, OID, publicKeyOf, spkiOf, toPem } from './keys.ts';

/** Where the certificate will be used; each Fatoora environment issues only its own template. */
export type FatooraEnvironment = 'developer-portal' | 'simulation' | 'production';

export const CERTIFICATE_TEMPLATES: Record<FatooraEnvironment, string> = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
};

const X = {
  commonName: '2.5.4.3',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationUnit: '2.5.4.11',
  surname: '2.5.4.4',
  title: '2.5.4.12',
  businessCategory: '2.5.4.15',
  registeredAddress: '2.5.4.26',
  uid: '0.9.2342.19200300.100.1.1',
  extensionRequest: '1.2.840.113549.1.9.14',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
} as const;

export interface CsrInput {
  environment: FatooraEnvironment;
  /** Secp256k1 private key of the unit (PEM). */
  privateKey: string;
  /** Common name: the unit's name (e.g. `TST-886431145-399999999900003`). */
  commonName: string;
  /** EGS serial: `1-<solution>|2-<model or version>|3-<unit serial>`. */
  serialNumber: string;
  /** Organisation identifier: the VAT number. */
  vatNumber: string;
  organizationName: string;
  /** Organisation unit: the branch name (or, for a VAT group, the member's TIN). */
  organizationUnit: string;
  /** Registered address: the branch's address or short address. */
  registeredAddress: string;
  /** Business category (industry), e.g. `Electronics retail`. */
  businessCategory: string;
  /** Invoice types the unit issues: `0100` simplified only (the shop's case), `1000` standard, `1100` both. */
  invoiceType?: '0100' | '1000' | '1100';
}

function rdn(type: string, value: string, printable = false): RelativeDistinguishedName {
  return new RelativeDistinguishedName([
    new AttributeTypeAndValue({
      type,
      value: new AttributeValue(printable ? { printableString: value } : { utf8String: value }),
    }),
  ]);
}

function checkCsrInput(input: CsrInput): void {
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(input.serialNumber))
    throw new RangeError('serial number must read 1-<solution>|2-<model>|3-<serial>');
  if (!/^3\d{13}3$/.test(input.vatNumber))
    throw new RangeError('VAT number must be 15 digits beginning and ending with 3');
  for (const [name, value] of Object.entries(input))
    if (typeof value === 'string' && !value.trim()) throw new RangeError(`${name} is required`);
}

/**
 * A PKCS #10 request as ZATCA's onboarding expects it (PEM): subject C=SA, OU, O, CN; a
 * certificate-template extension naming the environment's template; and a subject alternative
 * name (directory name) with SN = EGS serial, UID = VAT number, title = invoice types,
 * registeredAddress and businessCategory. Signed ECDSA-SHA256 with the unit's secp256k1 key
 * (WebCrypto has no secp256k1, so the ASN.1 is built here and signed with noble).
 */
export function buildCsr(input: CsrInput): string {
  checkCsrInput(input);
  const subject = new Name([
    rdn(X.country, 'SA', true),
    rdn(X.organizationUnit, input.organizationUnit),
    rdn(X.organization, input.organizationName),
    rdn(X.commonName, input.commonName),
  ]);
  const san = new SubjectAlternativeName([
    new GeneralName({
      directoryName: new Name([
        rdn(X.surname, input.serialNumber),
        rdn(X.uid, input.vatNumber),
        rdn(X.title, input.invoiceType ?? '0100'),
        rdn(X.registeredAddress, input.registeredAddress),
        rdn(X.businessCategory, input.businessCategory),
      ]),
    }),
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: X.certificateTemplateName,
      critical: false,
      extnValue: new OctetString(
        AsnConvert.serialize(new DirectoryString({ utf8String: CERTIFICATE_TEMPLATES[input.environment] })),
      ),
    }),
    new Extension({
      extnID: X.subjectAltName,
      critical: false,
      extnValue: new OctetString(AsnConvert.serialize(san)),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: spkiOf(publicKeyOf(input.privateKey)),
    attributes: new Attributes([
      new Attribute({ type: X.extensionRequest, values: [AsnConvert.serialize(extensions)] }),
    ]),
  });
  const infoDer = new Uint8Array(AsnConvert.serialize(info));
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: ecdsaSign(infoDer, input.privateKey).slice().buffer,
  });
  return toPem('CERTIFICATE REQUEST', new Uint8Array(AsnConvert.serialize(request)));
}

export interface CsrInfo {
  subject: Name;
  publicKey: Uint8Array;
  /** The request's extensions, to be copied into the certificate. */
  extensions: Extensions;
  template: string | undefined;
  /** The directory name of the subject alternative name, by attribute OID. */
  alternativeName: Map<string, string>;
}

/** Reads a CSR (PEM, bare base64, or base64 of the PEM as the Fatoora API receives it) and checks its signature. */
export function parseCsr(text: string): CsrInfo {
  let der = fromPem(text);
  if (der[0] !== 0x30) der = fromPem(Buffer.from(der).toString('latin1'));
  const request = AsnConvert.parse(der, CertificationRequest);
  const info = request.certificationRequestInfo;
  if (info.subjectPKInfo.algorithm.algorithm !== OID.ecPublicKey)
    throw new Error('the CSR key is not an EC key');
  const publicKey = new Uint8Array(info.subjectPKInfo.subjectPublicKey);
  const infoDer = new Uint8Array(request.certificationRequestInfoRaw ?? AsnConvert.serialize(info));
  if (!ecdsaVerify(new Uint8Array(request.signature), infoDer, publicKey))
    throw new Error('the CSR signature is not valid');
  const requested = info.attributes.find((a) => a.type === X.extensionRequest);
  const extensions = requested?.values[0]
    ? AsnConvert.parse(requested.values[0], Extensions)
    : new Extensions();
  const templateExt = extensions.find((e) => e.extnID === X.certificateTemplateName);
  const template = templateExt
    ? AsnConvert.parse(templateExt.extnValue.buffer, DirectoryString).toString()
    : undefined;
  const alternativeName = new Map<string, string>();
  const sanExt = extensions.find((e) => e.extnID === X.subjectAltName);
  if (sanExt)
    for (const name of AsnConvert.parse(sanExt.extnValue.buffer, SubjectAlternativeName))
      for (const r of name.directoryName ?? [])
        for (const atv of r) alternativeName.set(atv.type, atv.value.toString());
  return { subject: info.subject, publicKey, extensions, template, alternativeName };
}

export const CSR_FIELDS = X;

/** Issues an X.509 v3 certificate (ECDSA-SHA256 on secp256k1) for the simulator's test CA. */
export function issueCertificate(input: {
  issuerName: Name;
  issuerKey: string;
  subject: Name;
  publicKey: Uint8Array;
  serial: Uint8Array;
  notBefore: Date;
  notAfter: Date;
  extensions?: Extensions;
}): string {
  const tbs = new TBSCertificate({
    version: 2,
    serialNumber: input.serial.slice().buffer,
    signature: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    issuer: input.issuerName,
    validity: new Validity({ notBefore: input.notBefore, notAfter: input.notAfter }),
    subject: input.subject,
    subjectPublicKeyInfo: spkiOf(input.publicKey),
    ...(input.extensions && input.extensions.length > 0 ? { extensions: input.extensions } : {}),
  });
  const tbsDer = new Uint8Array(AsnConvert.serialize(tbs));
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signatureValue: ecdsaSign(tbsDer, input.issuerKey).slice().buffer,
  });
  return toPem('CERTIFICATE', new Uint8Array(AsnConvert.serialize(cert)));
}

export { Name, RelativeDistinguishedName };
export const nameRdn = rdn;
