import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip body made of pieces compressed apart: the pieces every answer shares are compressed
 * once, and an answer compresses only what is its own. Each piece is a raw deflate stream ended
 * by a sync flush (byte-aligned, not final), so that pieces laid one after another are one
 * deflate stream; an empty final block closes it. The gzip trailer's CRC-32 of the whole text is
 * combined from the pieces' own (zlib's `crc32_combine`), never computed again over the shared
 * bytes. (RFC 1951 and RFC 1952.)
 */
export interface GzipPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

const POLY = 0xedb88320;

/** a times b modulo the CRC's polynomial (bits reflected, as zlib's `multmodp`). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(n * 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from the CRC-32 of each and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA >>> 0) ^ crcB) >>> 0;
}

/** One piece, compressed at `level` (the shared ones once at the highest, an answer's own quickly). */
export function gzipPiece(text: Buffer, level: number): GzipPiece {
  return {
    deflated: deflateRawSync(text, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(text),
    length: text.length,
  };
}

/**
 * A piece left uncompressed (stored blocks of at most 65,535 bytes): for a short text of an
 * answer's own, where starting a compressor costs more than the bytes it would save.
 */
export function storedPiece(text: Buffer): GzipPiece {
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const size = Math.min(65_535, text.length - at);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(size, 1);
    header.writeUInt16LE(~size & 0xffff, 3);
    parts.push(header, text.subarray(at, at + size));
    at += size;
  } while (at < text.length);
  return { deflated: Buffer.concat(parts), crc: crc32(text), length: text.length };
}

/** gzip's header: deflate, no name, no time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final fixed-Huffman block holding only its end: the deflate stream's last. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The pieces, in order, as one gzip body. */
export function gzipOfPieces(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...pieces.map((p) => p.deflated), LAST_BLOCK, trailer]);
}
