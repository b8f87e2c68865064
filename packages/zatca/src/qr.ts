/** The values of a phase-2 QR code (tags 1–9). */
export interface QrFields {
  sellerName: string;
  vatNumber: string;
  /** Issue date and time as written in the document (`2026-11-05T10:20:30Z`). */
  timestamp: string;
  /** Total with VAT, two decimals. */
  total: string;
  /** VAT total, two decimals. */
  vat: string;
  /** Invoice hash, base64 (its text goes in the tag). */
  hash: string;
  /** ECDSA signature, base64 (its text goes in the tag). */
  signature: string;
  /** The certificate's public key: DER SubjectPublicKeyInfo bytes. */
  publicKey: Uint8Array;
  /** The certificate's own signature (by the issuing CA): DER bytes. */
  certificateSignature: Uint8Array;
}

/** ZATCA refuses a QR code longer than this. */
export const QR_MAX_CHARS = 1000;

function tlv(tag: number, value: Uint8Array): Buffer {
  // One length byte: ZATCA's fields are short; a longer value cannot be written.
  if (value.length > 255) throw new RangeError(`QR tag ${tag} is longer than 255 bytes`);
  return Buffer.concat([Buffer.from([tag, value.length]), value]);
}

/** Base64 TLV of tags 1–9; throws past ZATCA's 1,000-character limit. */
export function qrTlv(fields: QrFields): string {
  const text = (s: string) => Buffer.from(s, 'utf8');
  const qr = Buffer.concat([
    tlv(1, text(fields.sellerName)),
    tlv(2, text(fields.vatNumber)),
    tlv(3, text(fields.timestamp)),
    tlv(4, text(fields.total)),
    tlv(5, text(fields.vat)),
    tlv(6, text(fields.hash)),
    tlv(7, text(fields.signature)),
    tlv(8, fields.publicKey),
    tlv(9, fields.certificateSignature),
  ]).toString('base64');
  if (qr.length > QR_MAX_CHARS)
    throw new RangeError(`QR code of ${qr.length} characters is over ${QR_MAX_CHARS}`);
  return qr;
}

/** Reads a TLV QR code back: tag → raw bytes. */
export function decodeQrTlv(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const out = new Map<number, Buffer>();
  let at = 0;
  while (at + 2 <= bytes.length) {
    const tag = bytes[at]!;
    const length = bytes[at + 1]!;
    if (at + 2 + length > bytes.length) throw new Error('QR code is cut short');
    out.set(tag, bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return out;
}
