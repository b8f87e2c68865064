import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipOfPieces, gzipPiece, storedPiece } from './gzip-pieces.ts';

describe('a gzip body made of pieces compressed apart', () => {
  it('computes the CRC-32 of two texts together from each one', () => {
    const a = Buffer.from('السلة فارغة — the cart is empty');
    const b = randomBytes(70_001);
    const whole = Buffer.concat([a, b]);
    // gzip's trailer holds the CRC-32 of the text: zlib's own.
    expect(crc32(whole)).toBe(gzipSync(whole).readUInt32LE(gzipSync(whole).length - 8));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(whole));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });

  it('is read back as the pieces laid end to end, whatever their sizes and levels', () => {
    const texts = [
      Buffer.from('<!doctype html><html dir="rtl" lang="ar">'.repeat(300)),
      Buffer.alloc(0),
      Buffer.from('<shopper-slot name="main">سلة هدى</shopper-slot>'),
      randomBytes(40_000),
      Buffer.from('</html>'),
    ];
    const body = gzipOfPieces(texts.map((t, i) => gzipPiece(t, i % 2 ? 1 : 9)));
    const stored = gzipOfPieces(texts.map((t, i) => (i % 2 ? gzipPiece(t, 6) : storedPiece(t))));
    expect(gunzipSync(stored).equals(Buffer.concat(texts))).toBe(true);
    expect(gunzipSync(gzipOfPieces([storedPiece(randomBytes(140_000))])).length).toBe(140_000);
    // gunzip checks the trailer's CRC-32 and length.
    expect(gunzipSync(body).equals(Buffer.concat(texts))).toBe(true);
    expect(gunzipSync(gzipOfPieces([])).length).toBe(0);
  });
});
