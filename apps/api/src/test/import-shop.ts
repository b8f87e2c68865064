import { adminContentPaths as paths, importJobSchema, type ImportJob, type Lang } from '@shop/contract';
import sharp from 'sharp';
import { storeImage } from '../lib/images.ts';
import { createCategory, createCompany } from './factories.ts';
import { createTestApp, type TestContext } from './harness.ts';
import { signedInMember } from './staff.ts';
import { multipart } from './users.ts';

/**
 * A test shop for the back office's catalog files: a signed-in member, one image already in
 * the shop and a category and a brand that use it (the keys files name), and the import
 * routes as the member's browser calls them.
 */
type Answer = Promise<Awaited<ReturnType<TestContext['app']['inject']>>>;

export interface ImportShop {
  t: TestContext;
  staff: Record<string, string>;
  /** `/uploads/catalog/….webp`, an image the shop holds. */
  image: string;
  category: string;
  company: string;
  /** Uploads a catalog file (JSON, CSV or ZIP bytes) for a dry run. */
  upload(data: string | Uint8Array, fileName: string, options: { lang: Lang; contentType?: string }): Answer;
  job(id: string, lang: Lang): Promise<ImportJob>;
  start(id: string): Answer;
  /** Polls the job until it is no longer running; `each` sees every state on the way. */
  waitUntilOver(id: string, lang: Lang, each?: (job: ImportJob) => Promise<void>): Promise<ImportJob>;
}

export async function importShop(): Promise<ImportShop> {
  // Polling a running import from one address would meet the per-address request limit, which
  // is not what these tests are about.
  const t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  const staff = (await signedInMember(t.app.db)).headers;
  const grey = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const image = await storeImage(t.config.uploadsDir, grey, { folder: 'catalog', maxSize: 1000 });
  const category = (await createCategory(t.app.db, { image })).slug;
  const company = (await createCompany(t.app.db, { image })).slug;
  const job = async (id: string, lang: Lang) =>
    importJobSchema.parse(
      (
        await t.app.inject({
          url: paths.importJob.build({ id }),
          headers: { ...staff, 'accept-language': lang },
        })
      ).json(),
    );
  return {
    t,
    staff,
    image,
    category,
    company,
    upload: (data, fileName, { lang, contentType = 'application/octet-stream' }) => {
      const body = multipart({}, [
        { name: 'file', filename: fileName, contentType, data: Buffer.from(data) },
      ]);
      return t.app.inject({
        method: 'POST',
        url: paths.importJobs.pattern,
        headers: { ...staff, ...body.headers, 'accept-language': lang },
        payload: body.payload,
      });
    },
    job,
    start: (id) => t.app.inject({ method: 'POST', url: paths.importStart.build({ id }), headers: staff }),
    async waitUntilOver(id, lang, each) {
      for (;;) {
        const current = await job(id, lang);
        await each?.(current);
        if (current.status !== 'running') return current;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
