import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportJob, Lang, StaffRole } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import {
  csvPlace,
  CsvError,
  csvToCatalog,
  readCsvCatalog,
  type CsvIssue,
  type CsvLines,
} from '../../lib/catalog-file/csv.ts';
import {
  catalogFormatIssues,
  counts,
  imageFields,
  MAX_CATALOG_FILE_BYTES,
  recordCount,
  settingValuesOf,
  type CatalogIssue,
  type ImageField,
  type ParsedCatalog,
} from '../../lib/catalog-file/format.ts';
import { isZip, openCatalogArchive, type CatalogArchive } from '../../lib/catalog-file/zip.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { AppError } from '../../lib/errors.ts';
import { removeStoredImages, storeImage } from '../../lib/images.ts';
import { JsonUploadError, parseJsonUpload } from '../../lib/json-upload.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { countProducts, knownGroupSlugs, writeProductBatch } from '../../modules/catalog/import-writes.ts';
import { knownAgentKeys } from '../../modules/content/service.ts';
import { presentImportJob, type JobSummary, type StoredIssue } from '../../modules/imports/present.ts';
import {
  beatJob,
  discardAbandonedJobs as discardAbandonedRows,
  discardCheckedJob,
  failInterruptedJobs,
  failJob,
  finishJob,
  importJobRow,
  insertImportJob,
  jobProgress,
  markJobRunning,
  setKeptFile,
  type JobRow,
} from '../../modules/imports/service.ts';
import { referenceIssues, writeContentSections, writeNamed, type ImportSettings } from './write.ts';

/**
 * Catalog files uploaded in the back office (decision 130): checked at once (a dry run that
 * writes nothing but the job), then imported in the background while the shop serves, in
 * batches of products, each its own short transaction, yielding to the shop's other requests
 * between them — the embedded database runs one statement at a time, so one long transaction
 * would stop the shop until it ended. A job's progress is in its row, so a reloaded page shows
 * it again; one job runs at a time (a unique index). The process running a job stamps its
 * heartbeat every few seconds; a job whose heartbeat stopped (its process died) is marked failed
 * by the next process that starts, or by the next start of an import (decision 138). A failed
 * job can be run again from its kept file: every record is written by its key, so writing the
 * first batches a second time changes nothing.
 */

export interface ImportJobDeps {
  db: Db;
  dataDir: string;
  uploadsDir: string;
  settings: ImportSettings;
  changes: Pick<ChangeEvents, 'publish'>;
  log: FastifyBaseLogger;
}

/** Products written per transaction: small enough that a shopper's query waits little. */
export const IMPORT_BATCH = 250;
export const MAX_IMPORT_BYTES = MAX_CATALOG_FILE_BYTES;
const MAX_ISSUES = 200;
/** How often the process running a job says so. */
export const HEARTBEAT_MS = 5_000;
/** Images of an archive stored at once (sharp uses its own threads besides). */
const IMAGE_CONCURRENCY = 4;
/** Images of an archive unpacked at once: bounds the memory a check holds. */
const IMAGE_CHUNK = 100;
/** The size the product editor stores catalog images at (the same pipeline). */
const CATALOG_IMAGE_SIZE = 1000;

const importsDir = (dataDir: string) => path.join(dataDir, 'imports');
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The file's catalog: JSON in the import format (parsed off the event loop, its size and
 * nesting bounded), or a products CSV.
 */
function readCatalogText(bytes: Buffer, format: 'json' | 'csv'): Promise<unknown> {
  if (format === 'csv') return Promise.resolve(csvToCatalog(bytes.toString('utf8')));
  return parseJsonUpload(bytes, { maxBytes: MAX_IMPORT_BYTES });
}

export function formatOf(fileName: string, bytes: Buffer): 'json' | 'csv' {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.json$/i.test(fileName)) return 'json';
  const head = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('{') ? 'json' : 'csv';
}

const IMAGE_PATH = /^\/uploads\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.(webp|png|jpe?g|svg)$/;

/**
 * A JSON or CSV upload has no folder of images beside it: its images are those already in the
 * shop, by their `/uploads/...` path, as the export writes them (a ZIP upload brings its own).
 */
async function imageIssues(refs: ImageField[], uploadsDir: string): Promise<CatalogIssue[]> {
  const exists = new Map<string, boolean>();
  for (const ref of refs) {
    if (exists.has(ref.file)) continue;
    let ok = IMAGE_PATH.test(ref.file);
    if (ok) {
      const info = await stat(path.join(uploadsDir, ref.file.slice('/uploads/'.length))).catch(
        () => undefined,
      );
      ok = Boolean(info?.isFile());
    }
    exists.set(ref.file, ok);
  }
  return refs
    .filter((r) => !exists.get(r.file))
    .slice(0, MAX_ISSUES)
    .map((r) => ({
      section: r.section,
      index: r.index,
      field: r.field,
      message: 'must be the path of an image already in the shop (/uploads/…)',
    }));
}

const identityImages = (data: ParsedCatalog) => new Map(imageFields(data).map((r) => [r.file, r.file]));

const imageProblem: Record<string, string> = {
  IMAGE_INVALID: 'not a JPEG, PNG or WebP image',
  IMAGE_TOO_LARGE: 'image larger than 2 MB',
  IMAGE_TOO_MANY_PIXELS: 'image with too many pixels',
};

/**
 * The images of an uploaded archive: each file the catalog names (relative to the catalog
 * file's folder in the archive) goes through the product editor's pipeline — its content must be
 * a JPEG, PNG or WebP image of at most 2 MB and 40 megapixels, re-encoded to WebP without its
 * metadata — and is stored; paths already in the shop (`/uploads/...`) are checked as for a
 * plain file. Answers the problems by row and field, the stored path of each file as the
 * catalog names it, and what was stored (to remove again if the check fails).
 */
async function archiveImages(
  data: ParsedCatalog,
  archive: CatalogArchive,
  uploadsDir: string,
): Promise<{ issues: CatalogIssue[]; paths: Map<string, string>; stored: string[] }> {
  const refs = imageFields(data);
  const inShop = refs.filter((r) => r.file.startsWith('/uploads/'));
  const packed = refs.filter((r) => !r.file.startsWith('/uploads/'));
  const issues = await imageIssues(inShop, uploadsDir);
  const byName = new Map<string, string>();
  const problem = new Map<string, string>();
  for (const ref of packed) {
    const name = archive.resolve(ref.file);
    if (name && archive.has(name)) byName.set(ref.file, name);
    else problem.set(ref.file, 'file not found in the ZIP file');
  }
  const stored: string[] = [];
  const storedAs = new Map<string, string>();
  const names = [...new Set(byName.values())];
  for (let i = 0; i < names.length; i += IMAGE_CHUNK) {
    const files = archive.files(new Set(names.slice(i, i + IMAGE_CHUNK)));
    const queue = [...files];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const [name, bytes] = item;
        try {
          const publicPath = await storeImage(uploadsDir, bytes, {
            folder: 'catalog',
            maxSize: CATALOG_IMAGE_SIZE,
          });
          stored.push(publicPath);
          storedAs.set(name, publicPath);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          storedAs.set(name, `!${imageProblem[error.code] ?? imageProblem.IMAGE_INVALID}`);
        }
      }
    };
    await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker));
  }
  const paths = new Map<string, string>();
  for (const [file, name] of byName) {
    const result = storedAs.get(name);
    if (!result || result.startsWith('!'))
      problem.set(file, result?.slice(1) ?? 'file not found in the ZIP file');
    else paths.set(file, result);
  }
  for (const ref of packed) {
    const why = problem.get(ref.file);
    if (why)
      issues.push({
        section: ref.section,
        index: ref.index,
        field: ref.field,
        message: `${why}: ${ref.file}`,
      });
  }
  // In the file's order, whichever kind of path each image is.
  const place = new Map(refs.map((r, i) => [`${r.section}|${r.index}|${r.field}`, i]));
  issues.sort(
    (x, y) =>
      (place.get(`${x.section}|${x.index}|${x.field}`) ?? 0) -
      (place.get(`${y.section}|${y.index}|${y.field}`) ?? 0),
  );
  return { issues, paths, stored };
}

type Loose = Record<string, unknown> & {
  image?: string;
  imageEn?: string;
  images?: string[];
  variants?: unknown;
};

/**
 * The file as read, with the archive's image paths replaced by the paths they were stored at:
 * the kept file then names only images in the shop, like an exported file.
 */
function withStoredImages(raw: unknown, paths: Map<string, string>): unknown {
  const to = (file: unknown) => (typeof file === 'string' ? (paths.get(file.trim()) ?? file) : file);
  const records = (list: unknown): unknown =>
    Array.isArray(list)
      ? (list as Loose[]).map((r) => ({
          ...r,
          ...('image' in r && { image: to(r.image) }),
          ...('imageEn' in r && { imageEn: to(r.imageEn) }),
          ...(Array.isArray(r.images) && { images: r.images.map(to) }),
          ...(Array.isArray(r.variants) && { variants: records(r.variants) }),
        }))
      : list;
  const file = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...file };
  for (const section of ['categories', 'companies', 'products', 'agents', 'sliders'])
    if (section in file) out[section] = records(file[section]);
  return out;
}

/**
 * The settings a file would change, by name: none when it has no settings section or when the
 * section holds the shop's settings as they are (as an exported file does).
 */
const settingChanges = async (deps: ImportJobDeps, data: ParsedCatalog) =>
  data.settings ? deps.settings.changes(deps.db, settingValuesOf(data.settings)) : [];

/**
 * The shop's settings are an owner's to change (the settings form answers 403 to anyone else),
 * and a catalog file is no way around that: a member who is not an owner may upload a file with
 * a settings section only when it would change nothing (an exported file, imported again).
 */
const settingsRefused = () =>
  new AppError(403, 'IMPORT_SETTINGS_OWNER_ONLY', [{ path: 'file', code: 'IMPORT_SETTINGS_OWNER_ONLY' }]);

/** What the file will do, counted against the shop as it is (the dry run's summary). */
async function preview(deps: ImportJobDeps, data: ParsedCatalog): Promise<JobSummary> {
  const db = deps.db;
  const keysOf = (records: { key: string }[] = []) => records.map((r) => r.key);
  const agentKeys = keysOf(data.agents);
  return {
    categories: counts(
      keysOf(data.categories),
      await knownGroupSlugs(db, 'categories', keysOf(data.categories)),
    ),
    companies: counts(keysOf(data.companies), await knownGroupSlugs(db, 'companies', keysOf(data.companies))),
    products: await countProducts(db, data),
    agents: counts(agentKeys, await knownAgentKeys(db, agentKeys)),
    sliders: data.sliders?.length ?? 0,
    infoPages: data.infoPages ? Object.keys(data.infoPages).length : 0,
    // The settings it would change, not those it names: an exported file changes none.
    settings: (await settingChanges(deps, data)).length,
  };
}

/**
 * The dry run: reads and checks an uploaded file, keeps it, and records a job that is ready
 * to start (`checked`) or lists every problem by row and field (`invalid`). Writes no catalog.
 */
export async function checkUpload(
  deps: ImportJobDeps,
  by: AuditActor & { role: StaffRole },
  upload: {
    fileName: string;
    bytes: Buffer;
    /** The name that tells the file's format, when not `fileName` (a failed job's kept file). */
    keptAs?: string;
  },
  lang: Lang,
): Promise<ImportJob> {
  await discardAbandonedJobs(deps);
  const nameForFormat = upload.keptAs ?? upload.fileName;
  const archive = isZip(nameForFormat, upload.bytes) ? openCatalogArchive(upload.bytes) : undefined;
  const bytes = archive ? archive.catalog : upload.bytes;
  const format = formatOf(archive ? archive.catalogName : nameForFormat, bytes);
  let raw: unknown;
  let csv: { lines: CsvLines[]; issues: CsvIssue[] } | undefined;
  try {
    if (format === 'csv') {
      const read = readCsvCatalog(bytes.toString('utf8'));
      raw = read.catalog;
      csv = read;
    } else raw = await readCatalogText(bytes, format);
  } catch (error) {
    const code =
      error instanceof JsonUploadError
        ? (
            {
              too_deep: 'IMPORT_FILE_TOO_DEEP',
              too_large: 'IMPORT_FILE_TOO_LARGE',
              syntax: 'IMPORT_FILE_UNREADABLE',
            } as const
          )[error.reason]
        : error instanceof CsvError
          ? 'IMPORT_FILE_UNREADABLE'
          : undefined;
    if (!code) throw error;
    throw new AppError(code === 'IMPORT_FILE_TOO_LARGE' ? 413 : 400, code, [{ path: 'file', code }]);
  }
  const checked = catalogFormatIssues(raw, deps.settings.schemas, MAX_ISSUES);
  if (by.role !== 'owner') {
    const bad = checked.issues?.some((i) => i.section === 'settings');
    if (bad || (checked.catalog && (await settingChanges(deps, checked.catalog)).length))
      throw settingsRefused();
  }
  let issues: CatalogIssue[] = checked.issues ?? [];
  // Rows of one product that disagree are reported first, on their own lines.
  const csvIssues = csv?.issues ?? [];
  let summary: JobSummary | null = null;
  let total = 0;
  let kept: { bytes: Buffer; format: 'json' | 'csv' } = { bytes, format };
  let storedImages: string[] = [];
  if (checked.catalog) {
    const images = archive
      ? await archiveImages(checked.catalog, archive, deps.uploadsDir)
      : { issues: await imageIssues(imageFields(checked.catalog), deps.uploadsDir), paths: null, stored: [] };
    issues = [...(await referenceIssues(deps.db, checked.catalog, MAX_ISSUES)), ...images.issues].slice(
      0,
      MAX_ISSUES,
    );
    total = recordCount(checked.catalog);
    const bad = issues.length > 0 || csvIssues.length > 0;
    if (!bad) summary = await preview(deps, checked.catalog);
    // A file with problems never runs: the images its check stored go again.
    if (bad) await removeStoredImages(deps.uploadsDir, images.stored);
    else if (images.paths) {
      kept = { bytes: Buffer.from(JSON.stringify(withStoredImages(raw, images.paths))), format: 'json' };
      storedImages = images.stored;
    }
  }
  // A CSV's problems are on its lines (the header is line 1): a variant's on its own row.
  const stored: StoredIssue[] = [
    ...csvIssues.map((i) => ({ section: '', row: i.line, field: i.field, message: i.message })),
    ...issues.map((i) => {
      if (csv && i.section === 'products') {
        const place = csvPlace(i.index === null ? undefined : csv.lines[i.index], i.field);
        // A product used twice names the other by its record: in a CSV file, by its first line.
        const twice = /^used twice \(also by row (\d+)\)$/.exec(i.message);
        const other = twice ? csv.lines[Number(twice[1]) - 1]?.product : undefined;
        const message = other ? `used twice (also by row ${other})` : i.message;
        return { section: '', row: place.line, field: place.field, message };
      }
      return {
        section: i.section,
        row: i.index === null ? null : i.index + 1,
        field: i.field,
        message: i.message,
      };
    }),
  ].slice(0, MAX_ISSUES);
  const dir = importsDir(deps.dataDir);
  await mkdir(dir, { recursive: true });
  const row = await insertImportJob(deps.db, {
    status: stored.length ? 'invalid' : 'checked',
    format,
    fileName: upload.fileName.slice(0, 200) || `catalog.${format}`,
    total,
    summary,
    errors: stored,
    // A file with problems took its images away already (above).
    storedImages: stored.length ? [] : storedImages,
    staffId: by.staffId,
    actor: by.actor,
  });
  const storedFile = `${row.id}.${kept.format}`;
  await writeFile(path.join(dir, storedFile), kept.bytes);
  return presentImportJob(await setKeptFile(deps.db, row.id, storedFile), lang);
}

/** A discarded job's kept file and the images its check stored: nothing of it stays on disk. */
async function removeJobFiles(deps: ImportJobDeps, row: JobRow) {
  await removeStoredImages(deps.uploadsDir, row.storedImages);
  if (row.storedFile) await rm(path.join(importsDir(deps.dataDir), row.storedFile), { force: true });
}

/**
 * Gives up a checked file without importing it: the job is marked discarded, and its kept file
 * and the images a ZIP file's check stored are removed. Only a checked job can be (another is
 * running, done, failed or had problems: 409 IMPORT_DISCARD_NOT_CHECKED).
 */
export async function discardImportJob(
  deps: ImportJobDeps,
  by: AuditActor,
  id: string,
  lang: Lang,
): Promise<ImportJob> {
  const row = await deps.db.transaction(async (tx) => {
    const discarded = await discardCheckedJob(tx, id);
    if (!discarded) return undefined;
    await recordAudit(tx, {
      by,
      action: 'catalog.import_discard',
      entityType: 'catalog_import',
      entityId: id,
      before: null,
      after: { fileName: discarded.fileName, images: discarded.storedImages.length },
    });
    return discarded;
  });
  if (!row) {
    const found = await importJobRow(deps.db, id);
    throw found ? new AppError(409, 'IMPORT_DISCARD_NOT_CHECKED') : new AppError(404, 'IMPORT_JOB_NOT_FOUND');
  }
  await removeJobFiles(deps, row);
  return presentImportJob(row, lang);
}

/**
 * Checked files nobody imported within ABANDONED_AFTER_HOURS are discarded, with their files:
 * a ZIP file's images would otherwise stay in the uploads folder with nothing naming them. The
 * dry run's counts are stale by then anyway. The database's clock decides.
 */
export async function discardAbandonedJobs(deps: ImportJobDeps): Promise<number> {
  const rows = await discardAbandonedRows(deps.db);
  for (const row of rows) await removeJobFiles(deps, row);
  return rows.length;
}

/**
 * Marks a checked job running (at most one runs); the caller then runs it in the background.
 * A job whose file changes settings is started by an owner only (an owner checked it).
 */
export async function startImportJob(db: Db, id: string, role: StaffRole): Promise<void> {
  if (role !== 'owner') {
    const job = await importJobRow(db, id);
    if (((job?.summary as JobSummary | null)?.settings ?? 0) > 0) throw settingsRefused();
  }
  // A job left running by a process that died no longer holds the one running place.
  await failInterruptedJobs(db);
  await markJobRunning(db, id);
}

class Stopped extends Error {}

/**
 * Imports a running job's file in batches. `signal` stops it between batches (the shop is
 * shutting down): the job is then marked interrupted.
 */
export async function runImportJob(
  deps: ImportJobDeps,
  id: string,
  by: AuditActor & { role: StaffRole },
  signal: AbortSignal,
): Promise<void> {
  const { db } = deps;
  const beat = setInterval(() => {
    beatJob(db, id).catch((error: unknown) =>
      deps.log.warn({ err: error, jobId: id }, 'import heartbeat not written'),
    );
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    const job = await importJobRow(db, id);
    if (!job || job.status !== 'running') return;
    const kept = await readFile(path.join(importsDir(deps.dataDir), job.storedFile));
    // The kept file's own format: an archive's catalog is kept as JSON with its stored images.
    const keptFormat = job.storedFile.endsWith('.csv') ? 'csv' : 'json';
    const checked = catalogFormatIssues(await readCatalogText(kept, keptFormat), deps.settings.schemas);
    if (!checked.catalog) throw new Error('the kept file no longer passes its checks');
    const data = checked.catalog;
    const image = identityImages(data);
    let done = 0;
    let productsWritten = 0;
    const progress = async (n: number, products = 0) => {
      done += n;
      productsWritten += products;
      await jobProgress(db, id, done, productsWritten);
    };
    const between = async () => {
      await yieldToOthers();
      if (signal.aborted) throw new Stopped();
    };

    const productCounts = await countProducts(db, data);
    const named = await db.transaction(async (tx) => {
      let n = 0;
      const result = await writeNamed(tx, data, image, (k) => (n += k));
      return { result, n };
    });
    await progress(named.n);
    for (let i = 0; i < data.products.length; i += IMPORT_BATCH) {
      await between();
      const part = data.products.slice(i, i + IMPORT_BATCH);
      await db.transaction((tx) => writeProductBatch(tx, part, image));
      await progress(part.length, part.length);
    }
    await between();
    const summary: JobSummary = await db.transaction(async (tx) => {
      let n = 0;
      // An owner's settings are written by the settings use case, with its own audit entry; a
      // member who is not an owner had a file whose settings changed nothing when it was
      // checked, and the owner may have changed them since: the section is left out.
      const { role, ...actor } = by;
      const rest = await writeContentSections(tx, data, image, deps.settings, (k) => (n += k), {
        by: role === 'owner' ? actor : 'nobody',
      });
      const result = { ...named.result, products: productCounts, ...rest };
      await finishJob(tx, id, job.total, result);
      await recordAudit(tx, {
        by: actor,
        action: 'catalog.import',
        entityType: 'catalog_import',
        entityId: id,
        before: null,
        after: { fileName: job.fileName, format: job.format, summary: result },
      });
      return result;
    });
    // Fresh planner statistics for the listings (the embedded database has no autovacuum).
    await db.execute(sql`vacuum analyze products`);
    for (const topic of ['catalog', 'content', 'settings'] as const) await deps.changes.publish({ topic });
    deps.log.info({ jobId: id, products: summary.products }, 'catalog import done');
  } catch (error) {
    const stopped = error instanceof Stopped;
    if (!stopped) deps.log.error({ err: error, jobId: id }, 'catalog import failed');
    await failJob(db, id, stopped ? 'IMPORT_INTERRUPTED' : 'IMPORT_FAILED').catch(() => undefined);
    // Whatever batches were written are live: the storefront's caches must see them.
    for (const topic of ['catalog', 'content', 'settings'] as const)
      await deps.changes.publish({ topic }).catch(() => undefined);
  } finally {
    clearInterval(beat);
  }
}

/**
 * Runs a failed job's kept file again, as a new job: checked again against the shop as it is
 * now, and started at once when it passes. Records are written by their key, so the products
 * the failed run wrote are written again unchanged and the rest are added.
 */
export async function retryImportJob(
  deps: ImportJobDeps,
  by: AuditActor & { role: StaffRole },
  id: string,
  lang: Lang,
): Promise<ImportJob> {
  const job = await importJobRow(deps.db, id);
  if (!job) throw new AppError(404, 'IMPORT_JOB_NOT_FOUND');
  if (job.status !== 'failed') throw new AppError(409, 'IMPORT_RETRY_NOT_FAILED');
  const bytes = await readFile(path.join(importsDir(deps.dataDir), job.storedFile)).catch(
    (error: unknown) => {
      // Kept files live in DATA_DIR: one removed by hand, or a data folder restored without them.
      if ((error as { code?: string }).code === 'ENOENT') throw new AppError(409, 'IMPORT_FILE_GONE');
      throw error;
    },
  );
  return checkUpload(deps, by, { fileName: job.fileName, bytes, keptAs: job.storedFile }, lang);
}
