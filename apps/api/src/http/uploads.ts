import type { ErrorCode } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { storeImage } from '../lib/images.ts';
import { parseBody, readForm } from './form.ts';

/*
 * Images uploaded through the back office, by the API's multipart routes and by the pages'
 * actions alike: one way to read the image, check and store it, answer what is wrong with it,
 * and remove it again when the change it was for did not happen.
 */

/** How an upload is kept: its folder under the uploads directory and its longest side. */
export interface Upload {
  folder: string;
  maxSize: number;
  /** The form field a refused image is reported on; without it the refusal names no field. */
  field?: string;
}

/**
 * A form of the API that may carry an image (multipart, or JSON without one): its text fields
 * checked with `schema` exactly as a route's body schema checks them, and the bytes of its
 * `field` file part when one was sent.
 */
export async function readImageForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  field = 'image',
): Promise<{ input: z.output<S>; image: Buffer | undefined }> {
  const form = await readForm(request, field);
  return { input: parseBody(schema, form.fields), image: form.file };
}

/** The bytes of a file a page's form posted; undefined when none was chosen (an empty part). */
export async function postedImage(file: Blob | null | undefined): Promise<Buffer | undefined> {
  if (!file || file.size === 0) return undefined;
  return Buffer.from(await file.arrayBuffer());
}

/** An image the change cannot go without: 400 `code` on `field` when none was sent. */
export function requireImage(
  bytes: Buffer | undefined,
  code: ErrorCode = 'PRODUCT_IMAGE_REQUIRED',
  field = 'image',
): Buffer {
  if (!bytes) throw new AppError(400, code, [{ path: field, code }]);
  return bytes;
}

/**
 * Checks and stores an uploaded image as the shop keeps every upload (lib/images.ts: known by
 * its bytes as JPEG, PNG or WebP, 2 MB and 40 megapixels at most, re-encoded to WebP without its
 * metadata); answers its public path. A refused image is 413 or 415, on `upload.field` when set.
 */
export async function storeUpload(uploadsDir: string, bytes: Buffer, upload: Upload): Promise<string> {
  try {
    return await storeImage(uploadsDir, bytes, { folder: upload.folder, maxSize: upload.maxSize });
  } catch (error) {
    if (error instanceof AppError && upload.field)
      throw new AppError(error.status, error.code, [{ path: upload.field, code: error.code }]);
    throw error;
  }
}

/** Removes an image stored for a change that did not happen. */
async function forget(uploadsDir: string, publicPath: string): Promise<void> {
  const relative = publicPath.replace(/^\/uploads\//, '');
  await unlink(path.join(uploadsDir, relative)).catch(() => undefined);
}

/**
 * Stores the uploaded image (`storeUpload`) and makes the change with its public path. When the
 * change is refused, fails, or finds nothing to change (null), the stored file is removed again,
 * so a change that did not commit leaves no file behind. Without bytes (an optional image not
 * sent), the change is made without one.
 */
export async function withStoredImage<T>(
  uploadsDir: string,
  bytes: Buffer,
  upload: Upload,
  change: (image: string) => Promise<T>,
): Promise<T>;
export async function withStoredImage<T>(
  uploadsDir: string,
  bytes: Buffer | undefined,
  upload: Upload,
  change: (image: string | undefined) => Promise<T>,
): Promise<T>;
export async function withStoredImage<T>(
  uploadsDir: string,
  bytes: Buffer | undefined,
  upload: Upload,
  change: (image: string) => Promise<T>,
): Promise<T> {
  // Only the second signature lets `bytes` be missing, and its change takes a missing image.
  if (!bytes) return (change as (image: string | undefined) => Promise<T>)(undefined);
  const image = await storeUpload(uploadsDir, bytes, upload);
  try {
    const done = await change(image);
    if (done === null) await forget(uploadsDir, image);
    return done;
  } catch (error) {
    await forget(uploadsDir, image);
    throw error;
  }
}

/**
 * Several optional images for one change (a return's photos): each stored as `withStoredImage`
 * stores one, the change made with the paths of those sent, and every one removed again when the
 * change does not happen.
 */
export async function withStoredImages<T>(
  uploadsDir: string,
  images: (Buffer | undefined)[],
  upload: Upload,
  change: (paths: string[]) => Promise<T>,
): Promise<T> {
  const [first, ...rest] = images.filter((b): b is Buffer => b !== undefined);
  if (!first) return change([]);
  return withStoredImage(uploadsDir, first, upload, (path) =>
    withStoredImages(uploadsDir, rest, upload, (paths) => change([path, ...paths])),
  );
}

/** Where a return's photos are kept, and their longest side. */
export const RETURN_PHOTOS: Upload = { folder: 'returns', maxSize: 1600, field: 'photos' };

/** Where a review's photos are kept, and their longest side. */
export const REVIEW_PHOTOS: Upload = { folder: 'reviews', maxSize: 1600, field: 'photos' };
