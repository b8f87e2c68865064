import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ECParameters, ECPrivateKey } from '@peculiar/asn1-ecc';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, SubjectPublicKeyInfo } from '@peculiar/asn1-x509';

export const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  secp256k1: '1.3.132.0.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** A signing unit's key: secp256k1, as PEM (`EC PRIVATE KEY`, SEC 1), the form ZATCA's tools use. */
export interface SigningKey {
  privateKeyPem: string;
  /** Uncompressed public point (65 bytes). */
  publicKey: Uint8Array;
}

export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

/** PEM or bare base64 → DER bytes. */
export function fromPem(text: string): Uint8Array {
  return new Uint8Array(
    Buffer.from(text.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'),
  );
}

export function generateSigningKey(): SigningKey {
  const secret = secp256k1.utils.randomSecretKey();
  return signingKeyFromSecret(secret);
}

function signingKeyFromSecret(secret: Uint8Array): SigningKey {
  const publicKey = secp256k1.getPublicKey(secret, false);
  const der = AsnConvert.serialize(
    new ECPrivateKey({
      version: 1,
      privateKey: new OctetString(secret),
      parameters: new ECParameters({ namedCurve: OID.secp256k1 }),
      publicKey: publicKey.slice().buffer,
    }),
  );
  return { privateKeyPem: toPem('EC PRIVATE KEY', new Uint8Array(der)), publicKey };
}

/** Reads the 32-byte secret out of a SEC 1 private key (PEM or bare base64, as ZATCA's SDK keeps it). */
export function privateKeySecret(privateKey: string): Uint8Array {
  const parsed = AsnConvert.parse(fromPem(privateKey), ECPrivateKey);
  if (parsed.parameters?.namedCurve && parsed.parameters.namedCurve !== OID.secp256k1)
    throw new Error('the private key is not on secp256k1');
  return new Uint8Array(parsed.privateKey.buffer);
}

export function publicKeyOf(privateKey: string): Uint8Array {
  return secp256k1.getPublicKey(privateKeySecret(privateKey), false);
}

export function spkiOf(publicKey: Uint8Array): SubjectPublicKeyInfo {
  return new SubjectPublicKeyInfo({
    algorithm: new AlgorithmIdentifier({
      algorithm: OID.ecPublicKey,
      parameters: AsnConvert.serialize(new ECParameters({ namedCurve: OID.secp256k1 })),
    }),
    subjectPublicKey: publicKey.slice().buffer,
  });
}

/** ECDSA-SHA256 over `message`, DER-encoded. */
export function ecdsaSign(message: Uint8Array, privateKey: string): Uint8Array {
  return secp256k1.sign(message, privateKeySecret(privateKey), { format: 'der' });
}

/** Accepts high-S signatures too: other signers (ZATCA's SDK among them) do not normalize S. */
export function ecdsaVerify(signatureDer: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return secp256k1.verify(signatureDer, message, publicKey, { format: 'der', lowS: false });
  } catch {
    return false;
  }
}
