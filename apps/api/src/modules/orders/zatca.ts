import QRCode from 'qrcode';

/**
 * ZATCA phase-1 QR code of a simplified tax invoice: five TLV fields (tag byte, length byte,
 * UTF-8 value), the whole base64-encoded. Lengths count UTF-8 bytes, not characters, so an
 * Arabic seller name of 15 letters is 29 bytes long.
 */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** Invoice time; written as ISO 8601 UTC without milliseconds (`2022-04-25T15:30:00Z`). */
  time: Date;
  /** VAT-inclusive invoice total in halalas. */
  totalHalalas: number;
  /** VAT amount in halalas. */
  vatHalalas: number;
}

/** The shop's side of every simplified invoice and credit note: its legal (Arabic) name and VAT number. */
export function zatcaSeller(settings: { sellerName: { ar: string }; taxNumber: string }) {
  return { sellerName: settings.sellerName.ar, vatNumber: settings.taxNumber };
}

/** What the QR code of a paid order's simplified tax invoice says. */
export function orderInvoiceFields(
  order: { paidAt: Date; totalHalalas: number; vatHalalas: number },
  settings: { sellerName: { ar: string }; taxNumber: string },
): ZatcaFields {
  return {
    ...zatcaSeller(settings),
    time: order.paidAt,
    totalHalalas: order.totalHalalas,
    vatHalalas: order.vatHalalas,
  };
}

const MAX_VALUE_BYTES = 255;

function tlv(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  // One length byte: a longer value cannot be encoded (ZATCA limits these fields anyway).
  if (bytes.length > MAX_VALUE_BYTES) throw new RangeError(`ZATCA tag ${tag} is longer than 255 bytes`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/** `2022-04-25T15:30:00Z`: ZATCA's examples carry no milliseconds. */
export function zatcaTime(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Halalas as a SAR amount with two decimals (`115000` → `1150.00`). */
function amount(halalas: number): string {
  return (halalas / 100).toFixed(2);
}

export function encodeZatcaTlv(fields: ZatcaFields): string {
  return Buffer.concat([
    tlv(1, fields.sellerName),
    tlv(2, fields.vatNumber),
    tlv(3, zatcaTime(fields.time)),
    tlv(4, amount(fields.totalHalalas)),
    tlv(5, amount(fields.vatHalalas)),
  ]).toString('base64');
}

/** Reads the TLV fields back (tag → UTF-8 value); used to check what a QR code says. */
export function decodeZatcaTlv(base64: string): Map<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields = new Map<number, string>();
  let at = 0;
  while (at + 2 <= bytes.length) {
    const tag = bytes[at]!;
    const length = bytes[at + 1]!;
    fields.set(tag, bytes.subarray(at + 2, at + 2 + length).toString('utf8'));
    at += 2 + length;
  }
  return fields;
}

/** The QR code as a PNG data URL for an `<img>` (error correction M, as printed receipts use). */
export function zatcaQrImage(base64Tlv: string): Promise<string> {
  return QRCode.toDataURL(base64Tlv, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** VAT included in a VAT-inclusive amount at 15 %: amount × 15/115, rounded to the halala. */
export function vatIncluded(totalHalalas: number): number {
  return Math.round((totalHalalas * 15) / 115);
}
