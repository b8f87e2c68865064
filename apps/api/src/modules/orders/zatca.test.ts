import { describe, expect, it } from 'vitest';
import { decodeZatcaTlv, encodeZatcaTlv, vatIncluded, zatcaQrImage } from './zatca.ts';

const time = new Date(Date.UTC(2022, 3, 25, 15, 30, 0));

describe('ZATCA phase-1 TLV', () => {
  it("encodes ZATCA's published sample byte for byte", () => {
    const qr = encodeZatcaTlv({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      time,
      totalHalalas: 100_000,
      vatHalalas: 15_000,
    });
    expect(qr).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
  });

  it('counts an Arabic seller name in UTF-8 bytes, not letters', () => {
    const sellerName = 'الجواهري العربي';
    const qr = encodeZatcaTlv({
      sellerName,
      vatNumber: '310122393500003',
      time,
      totalHalalas: 100_000,
      vatHalalas: 15_000,
    });
    // The vector published with a Go implementation of the same encoding.
    expect(qr).toBe(
      'AR3Yp9mE2KzZiNin2YfYsdmKINin2YTYudix2KjZigIPMzEwMTIyMzkzNTAwMDAzAxQyMDIyLTA0LTI1VDE1OjMwOjAwWgQHMTAwMC4wMAUGMTUwLjAw',
    );
    const bytes = Buffer.from(qr, 'base64');
    expect(sellerName.length).toBe(15);
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(29);
  });

  it('writes the time without milliseconds and amounts with two decimals, and reads back', () => {
    const qr = encodeZatcaTlv({
      sellerName: 'متجر الإلكترونيات',
      vatNumber: '300000000000003',
      time: new Date('2026-11-05T10:20:30.456Z'),
      totalHalalas: 129_950,
      vatHalalas: vatIncluded(129_950),
    });
    expect(Object.fromEntries(decodeZatcaTlv(qr))).toEqual({
      1: 'متجر الإلكترونيات',
      2: '300000000000003',
      3: '2026-11-05T10:20:30Z',
      4: '1299.50',
      5: '169.50',
    });
  });

  it('refuses a value longer than one length byte can say', () => {
    expect(() =>
      encodeZatcaTlv({ sellerName: 'م'.repeat(128), vatNumber: '1', time, totalHalalas: 1, vatHalalas: 0 }),
    ).toThrow(RangeError);
  });

  it('computes the VAT included at 15 % to the halala', () => {
    expect(vatIncluded(115_000)).toBe(15_000);
    expect(vatIncluded(7_000)).toBe(913); // 70 SAR shipping: 9.1304… SAR
    expect(vatIncluded(0)).toBe(0);
  });

  it('renders the QR code as a PNG data URL', async () => {
    const url = await zatcaQrImage('AQxCb2JzIFJlY29yZHM=');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
