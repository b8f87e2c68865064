import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  CatalogImportError,
  imageFields,
  imagePlace,
  MAX_CATALOG_FILE_BYTES,
  parseCatalog,
  recordCount,
  type ImportSummary,
  type ParsedCatalog,
} from '../../lib/catalog-file/format.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { AppError } from '../../lib/errors.ts';
import { removeStoredImages, storeImage } from '../../lib/images.ts';
import { JsonUploadError, parseJsonUpload } from '../../lib/json-upload.ts';
import {
  batchLookups,
  countProducts,
  plannedProductCount,
  prepareProductBatch,
  refreshImportStatistics,
  writePreparedBatch,
  type PreparedBatch,
} from '../../modules/catalog/import-writes.ts';
import { checkReferences, writeContentSections, writeNamed, type ImportSettings } from './write.ts';

/*
 * The catalog importer of the command line and the demo catalog: reads a JSON file in the
 * format of docs/catalog-import.md (lib/catalog-file/), stores its images, and upserts every
 * record by its stable key in one transaction, so a bad record leaves the database as it was
 * (docs/decisions/011-catalog-import.md). The back office's uploads are jobs (jobs.ts).
 */

const MAX_REPORTED_ISSUES = 20;

export interface ImportProgress {
  /** Steps done so far, out of `total` (one per image and one per record). */
  done: number;
  total: number;
  stage: 'images' | 'records';
}

export interface ImportOptions {
  /** Where stored images go (the server's `uploadsDir`). */
  uploadsDir: string;
  settings: ImportSettings;
  onProgress?: (progress: ImportProgress) => void;
  /** Told after the commit that the catalog, content and settings may all have changed. */
  changes?: Pick<ChangeEvents, 'publish'>;
  /** Who changes the settings, for the audit log (the command line); unset for the demo catalog. */
  by?: AuditActor;
  /**
   * Told once the catalog's transaction has committed, while the database tidies the products
   * table after it (the command line starts reading its next file then).
   */
  onCommitted?: () => void;
}

const IMAGE_CONCURRENCY = 4;
/** Catalog images are shown at most 800 px wide on the product page. */
const CATALOG_IMAGE_SIZE = 1000;

/**
 * Stores every distinct image file once and returns, for each file path as written in the
 * catalog, its public path. Files stored before a failure are removed again.
 */
async function storeImages(
  data: ParsedCatalog,
  baseDir: string,
  options: ImportOptions,
  step: () => void,
): Promise<{ paths: Map<string, string>; stored: string[] }> {
  const refs = imageFields(data);
  const byFile = new Map<string, (typeof refs)[number]>();
  for (const ref of refs) {
    const absolute = path.resolve(baseDir, ref.file);
    if (!byFile.has(absolute)) byFile.set(absolute, ref);
  }
  const missing: string[] = [];
  await Promise.all(
    [...byFile].map(async ([absolute, ref]) => {
      const info = await stat(absolute).catch(() => undefined);
      if (!info?.isFile()) missing.push(`${imagePlace(ref)}: file not found: ${ref.file}`);
    }),
  );
  if (missing.length) throw new CatalogImportError(missing.sort().slice(0, MAX_REPORTED_ISSUES));

  const paths = new Map<string, string>();
  const stored: string[] = [];
  const queue = [...byFile];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [absolute, ref] = item;
      try {
        const publicPath = await storeImage(options.uploadsDir, await readFile(absolute), {
          folder: 'catalog',
          maxSize: CATALOG_IMAGE_SIZE,
          allowSvg: true,
        });
        stored.push(publicPath);
        paths.set(absolute, publicPath);
      } catch (error) {
        queue.length = 0;
        const reason =
          error instanceof AppError ? 'not a readable JPEG, PNG, WebP or SVG image' : String(error);
        throw new CatalogImportError([`${imagePlace(ref)}: ${reason}: ${ref.file}`]);
      }
      step();
    }
  };
  // Every worker is let finish before cleaning up, so no image lands after the clean-up.
  const results = await Promise.allSettled(Array.from({ length: IMAGE_CONCURRENCY }, worker));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await removeStoredImages(options.uploadsDir, stored);
    throw failure.reason;
  }
  const resolved = new Map<string, string>();
  for (const ref of refs) resolved.set(ref.file, paths.get(path.resolve(baseDir, ref.file))!);
  return { paths: resolved, stored };
}

/**
 * Products written per batch (the whole import is one transaction). Each batch's statements,
 * and the statement triggers they fire, cost about the same whatever its size: 2,500 rather
 * than 500 took a fifth off the database's work for a file of 25,000 (decision 204).
 */
const PRODUCT_CHUNK = 2_500;
/**
 * The planner's statistics are refreshed (refreshImportStatistics) once the products number
 * twice what the planner was last told, and not before this many are written: a handful of
 * ANALYZE runs in a large import rather than one every few batches (each reads a sample of every
 * table it names, so each grows with the catalog).
 */
const STATISTICS_FIRST = 5_000;

/** The advisory lock key of catalog imports (any number the shop uses for nothing else). */
const IMPORT_LOCK = 7_310_001;

/**
 * Imports a parsed catalog whose image paths are relative to `baseDir`.
 * Everything is written in one transaction.
 */
export function importCatalog(
  db: Db,
  raw: unknown,
  baseDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  return importParsedCatalog(db, parseCatalog(raw, options.settings.schemas), baseDir, options);
}

/** Imports a catalog `parseCatalog` checked (a large file is then held in memory only once). */
export async function importParsedCatalog(
  db: Db,
  data: ParsedCatalog,
  baseDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const imageCount = new Set(imageFields(data).map((r) => path.resolve(baseDir, r.file))).size;
  const total = imageCount + recordCount(data);
  let done = 0;
  const step = (stage: ImportProgress['stage'], n = 1) => {
    done += n;
    options.onProgress?.({ done, total, stage });
  };
  options.onProgress?.({ done, total, stage: 'images' });

  await checkReferences(db, data);
  const { paths: image, stored } = await storeImages(data, baseDir, options, () => step('images'));
  let summary: ImportSummary;
  try {
    summary = await db.transaction(async (tx) => {
      // One import at a time on one database, whichever process runs it (two shop processes
      // seeding an empty database at once, a command-line import beside them): the second
      // waits for the first to commit, then upserts over it, instead of deadlocking with it.
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const written = await writeCatalog(tx, data, image, options, (n) => step('records', n));
      return { ...written, images: stored.length };
    });
    // Fresh statistics for the planner, and pages marked all-visible so that the back office's
    // counts are read from indexes alone (the embedded database has no autovacuum to do it later).
    const tidied = db.execute(sql`vacuum analyze products`).then(() => undefined);
    options.onCommitted?.();
    await tidied;
  } catch (error) {
    await removeStoredImages(options.uploadsDir, stored);
    throw error;
  }
  for (const topic of ['catalog', 'content', 'settings'] as const) await options.changes?.publish({ topic });
  return summary;
}

export interface CatalogSource {
  catalog: ParsedCatalog;
  /** The folder image paths are relative to: the JSON file's folder. */
  baseDir: string;
}

/**
 * Reads a catalog JSON file and checks its format, without touching the database. The shop
 * parses it on a thread of its own; `onThisThread` parses it on the caller's (the command line,
 * which serves nothing meanwhile), with the same bounds.
 */
export async function readCatalogFile(
  file: string,
  settings: ImportSettings,
  { onThisThread = false }: { onThisThread?: boolean } = {},
): Promise<CatalogSource> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new CatalogImportError([`cannot read the file ${file}`]);
  }
  let raw: unknown;
  try {
    // The same bounded parse as an upload in the back office: no file size or nesting limit
    // that one refuses is accepted here.
    raw = await parseJsonUpload(bytes, { maxBytes: MAX_CATALOG_FILE_BYTES, onThisThread });
  } catch (error) {
    if (!(error instanceof JsonUploadError)) throw error;
    throw new CatalogImportError([
      error.reason === 'syntax' ? `${file} is not valid JSON: ${error.message}` : `${file}: ${error.message}`,
    ]);
  }
  return { catalog: parseCatalog(raw, settings.schemas), baseDir: path.dirname(path.resolve(file)) };
}

/** Reads a catalog JSON file and imports it; image paths are relative to the file. */
export async function importCatalogFile(
  db: Db,
  file: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const { catalog, baseDir } = await readCatalogFile(file, options.settings);
  return importParsedCatalog(db, catalog, baseDir, options);
}

async function writeCatalog(
  tx: Tx,
  data: ParsedCatalog,
  image: Map<string, string>,
  options: ImportOptions,
  step: (n: number) => void,
): Promise<Omit<ImportSummary, 'images'>> {
  const named = await writeNamed(tx, data, image, step);
  const productCounts = await countProducts(tx, data);
  // Products in the shop when the import began, and as many as the planner was last told of.
  const before = await plannedProductCount(tx);
  let told = before;
  const lookups = await batchLookups(tx, data.products);
  const prepare = (i: number) =>
    prepareProductBatch(data.products.slice(i, i + PRODUCT_CHUNK), image, lookups);
  // Each batch after the first is prepared while the one before it is in the database: the
  // importer's work on a batch and the database's on the one before overlap.
  let next: PreparedBatch | undefined = data.products.length ? prepare(0) : undefined;
  for (let i = 0; i < data.products.length; i += PRODUCT_CHUNK) {
    const batch = next!;
    next = undefined;
    await writePreparedBatch(tx, batch, () => {
      if (i + PRODUCT_CHUNK < data.products.length) next = prepare(i + PRODUCT_CHUNK);
    });
    const part = batch.part;
    step(part.length);
    const now = before + i + part.length;
    if (now >= Math.max(2 * told, STATISTICS_FIRST) && i + PRODUCT_CHUNK < data.products.length) {
      await refreshImportStatistics(tx);
      told = now;
    }
  }
  const rest = await writeContentSections(tx, data, image, options.settings, step, { by: options.by });
  return { ...named, products: productCounts, ...rest };
}
