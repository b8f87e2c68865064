import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import { AppError } from './errors.ts';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** 40 megapixels: bigger images are refused before they are decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp (libvips) is loaded on the first image the shop processes, not at start: a shop that
 * only serves pages does not keep it in memory. Its operation cache is off: images are
 * processed once each, and the cache would keep up to 50 MB resident for nothing.
 */
let sharpModule: Promise<typeof Sharp> | undefined;
export async function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'svg';

/** The type an image really is, from its first bytes (never from its name or declared type). */
export function sniffImageType(bytes: Uint8Array): ImageKind | undefined {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'png';
  if (
    b.length >= 12 &&
    String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!) === 'RIFF' &&
    String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === 'WEBP'
  )
    return 'webp';
  const head = Buffer.from(b.subarray(0, 512)).toString('utf8').trimStart();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return undefined;
}

export interface StoreImageOptions {
  /** Folder under the uploads directory: `catalog`, `users`, ... */
  folder: string;
  /** Longest side after re-encoding. */
  maxSize: number;
  /** Only trusted input (the catalog importer, the demo seed) may be SVG. */
  allowSvg?: boolean;
  quality?: number;
}

/**
 * Checks an image by its bytes, re-encodes it to WebP (dropping metadata and anything that is
 * not pixels), and stores it under a generated name. Returns the public path (`/uploads/...`).
 */
export async function storeImage(
  uploadsDir: string,
  input: Buffer,
  options: StoreImageOptions,
): Promise<string> {
  if (input.length > MAX_UPLOAD_BYTES && !options.allowSvg) throw new AppError(413, 'IMAGE_TOO_LARGE');
  const kind = sniffImageType(input);
  if (!kind || (kind === 'svg' && !options.allowSvg)) throw new AppError(415, 'IMAGE_INVALID');
  let output: Buffer;
  try {
    const image = (await loadSharp())(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new AppError(415, 'IMAGE_INVALID');
    output = await image
      .rotate()
      .resize({ width: options.maxSize, height: options.maxSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new AppError(413, 'IMAGE_TOO_MANY_PIXELS');
    throw new AppError(415, 'IMAGE_INVALID');
  }
  const dir = path.join(uploadsDir, options.folder);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  const file = path.join(dir, name);
  try {
    await writeFile(file, output);
  } catch (error) {
    // Nothing half-written stays behind: a partial file would be served as a broken image.
    await rm(file, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new AppError(507, 'STORAGE_FULL');
    throw error;
  }
  return `/uploads/${options.folder}/${name}`;
}

/** Removes images stored by `storeImage`, by their public paths; one already gone is no error. */
export async function removeStoredImages(uploadsDir: string, publicPaths: readonly string[]): Promise<void> {
  await Promise.all(
    publicPaths.map((p) => rm(path.join(uploadsDir, p.replace(/^\/uploads\//, '')), { force: true })),
  );
}
