import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, type Name } from '@peculiar/asn1-x509';
import { sha256 } from '@noble/hashes/sha2.js';
import { ecdsaVerify, fromPem, OID, toPem } from './keys.ts';

const NAME_LABELS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.2.840.113549.1.9.1': 'E',
};

/** `CN=…, DC=extgazt, DC=gov, DC=local`: the most specific part first, as ZATCA writes issuers. */
export function formatName(name: Name): string {
  return [...name]
    .reverse()
    .flatMap((rdn) => [...rdn].map((atv) => `${NAME_LABELS[atv.type] ?? atv.type}=${atv.value.toString()}`))
    .join(', ');
}

export interface CertificateInfo {
  /** The certificate's DER bytes, base64 (one line, as `ds:X509Certificate` holds it). */
  base64: string;
  der: Uint8Array;
  issuer: string;
  subject: string;
  /** Serial number in decimal, as `ds:X509SerialNumber` holds it. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** Uncompressed secp256k1 point. */
  publicKey: Uint8Array;
  /** DER SubjectPublicKeyInfo (QR tag 8). */
  publicKeyInfo: Uint8Array;
  /** The issuing CA's signature, DER (QR tag 9). */
  signature: Uint8Array;
  /** To-be-signed part, for checking the CA's signature. */
  tbs: Uint8Array;
}

/** PEM, bare base64, or the `binarySecurityToken` the Fatoora API answers (base64 of the base64). */
export function parseCertificate(input: string): CertificateInfo {
  let der = fromPem(input);
  // A binarySecurityToken decodes to base64 text, not to DER (which starts with a SEQUENCE byte).
  if (der[0] !== 0x30) der = fromPem(Buffer.from(der).toString('latin1'));
  const cert = AsnConvert.parse(der, Certificate);
  const spki = cert.tbsCertificate.subjectPublicKeyInfo;
  if (spki.algorithm.algorithm !== OID.ecPublicKey) throw new Error('the certificate key is not an EC key');
  return {
    base64: Buffer.from(der).toString('base64'),
    der,
    issuer: formatName(cert.tbsCertificate.issuer),
    subject: formatName(cert.tbsCertificate.subject),
    serialNumber: BigInt(
      `0x${Buffer.from(cert.tbsCertificate.serialNumber).toString('hex') || '0'}`,
    ).toString(10),
    notBefore: cert.tbsCertificate.validity.notBefore.getTime(),
    notAfter: cert.tbsCertificate.validity.notAfter.getTime(),
    publicKey: new Uint8Array(spki.subjectPublicKey),
    publicKeyInfo: new Uint8Array(AsnConvert.serialize(spki)),
    signature: new Uint8Array(cert.signatureValue),
    tbs: new Uint8Array(cert.tbsCertificateRaw ?? AsnConvert.serialize(cert.tbsCertificate)),
  };
}

export function certificatePem(cert: CertificateInfo): string {
  return toPem('CERTIFICATE', cert.der);
}

/** The Fatoora API's `binarySecurityToken` for a certificate: base64 of its base64 text. */
export function binarySecurityToken(cert: CertificateInfo): string {
  return Buffer.from(cert.base64, 'utf8').toString('base64');
}

/**
 * `xades:CertDigest`: SHA-256 of the certificate's base64 text, as lowercase hex, then base64.
 * (ZATCA hashes the text, not the DER bytes, and encodes the hex digits.)
 */
export function certificateDigest(cert: CertificateInfo): string {
  return Buffer.from(Buffer.from(sha256(Buffer.from(cert.base64, 'utf8'))).toString('hex'), 'utf8').toString(
    'base64',
  );
}

/** Whether `cert` was signed by the key of `issuer` (ECDSA-SHA256). */
export function isSignedBy(cert: CertificateInfo, issuer: CertificateInfo): boolean {
  return ecdsaVerify(cert.signature, cert.tbs, issuer.publicKey);
}
