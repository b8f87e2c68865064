import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageType, storeImage } from './images.ts';

describe('storeImage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-img-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('re-encodes a PNG to WebP under a generated name', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const stored = await storeImage(dir, png, { folder: 'users', maxSize: 512 });
    expect(stored).toMatch(/^\/uploads\/users\/[0-9a-f-]{36}\.webp$/);
    const file = await readFile(path.join(dir, stored.replace('/uploads/', '')));
    expect(sniffImageType(file)).toBe('webp');
    const meta = await sharp(file).metadata();
    expect(meta.width).toBe(512);
  });

  it('refuses a file that lies about its type', async () => {
    const fake = Buffer.from('GIF89a not really a png');
    await expect(storeImage(dir, fake, { folder: 'users', maxSize: 512 })).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
    });
  });

  it('refuses SVG from shoppers but renders it for trusted imports', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expect(storeImage(dir, svg, { folder: 'users', maxSize: 64 })).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
    });
    await expect(storeImage(dir, svg, { folder: 'catalog', maxSize: 64, allowSvg: true })).resolves.toMatch(
      /\.webp$/,
    );
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    await expect(storeImage(dir, huge, { folder: 'users', maxSize: 512 })).rejects.toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
  });

  it('refuses an upload over 2 MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]);
    await expect(storeImage(dir, big, { folder: 'users', maxSize: 512 })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
  });
});
