import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  errorMessage,
  importIssueMessage,
  type ErrorCode,
  type ImportIssue,
  type ImportJob,
  type Lang,
} from '@shop/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { agents, catalogImportJobs, categories, companies } from '../../db/schema.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { CsvError, csvToCatalog } from './csv.ts';
import {
  catalogFormatIssues,
  countProducts,
  imageFields,
  referenceIssues,
  writeContentSections,
  writeNamed,
  writeProductBatch,
  type CatalogIssue,
  type ImportSettings,
  type ImportSummary,
  type ParsedCatalog,
} from './import.ts';

/**
 * Catalog files uploaded in the back office (decision 130): checked at once (a dry run that
 * writes nothing but the job), then imported in the background while the shop serves, in
 * batches of products, each its own short transaction, yielding to the shop's other requests
 * between them — the embedded database runs one statement at a time, so one long transaction
 * would stop the shop until it ended. A job's progress is in its row, so a reloaded page shows
 * it again; one job runs at a time (a unique index); a job that was running when the process
 * stopped is marked failed when the shop starts again.
 */

type JobRow = typeof catalogImportJobs.$inferSelect;
type Summary = Omit<ImportSummary, 'images'>;

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
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const MAX_ISSUES = 200;

const importsDir = (dataDir: string) => path.join(dataDir, 'imports');
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

interface StoredIssue {
  section: string;
  row: number | null;
  field: string;
  message: string;
}

function present(row: JobRow, lang: Lang): ImportJob {
  const errors = (row.errors as StoredIssue[]).map((e): ImportIssue => ({
    ...e,
    message: importIssueMessage(e.message, lang),
  }));
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    fileName: row.fileName,
    total: row.total,
    done: row.done,
    percent:
      row.total > 0
        ? Math.min(100, Math.floor((row.done * 100) / row.total))
        : row.status === 'done'
          ? 100
          : 0,
    summary: (row.summary as Summary | null) ?? null,
    errors,
    // A failure is stored as an error code of the contract, which has its message in both languages.
    failure: row.failure ? errorMessage(row.failure as ErrorCode, lang) : null,
    actor: row.actor,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The file's catalog: JSON in the import format, or a products CSV. */
function readCatalogText(text: string, format: 'json' | 'csv'): unknown {
  if (format === 'csv') return csvToCatalog(text);
  return JSON.parse(text) as unknown;
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
 * An uploaded file has no folder of images beside it: its images are those already in the
 * shop, by their `/uploads/...` path, as the export writes them.
 */
async function imageIssues(data: ParsedCatalog, uploadsDir: string): Promise<CatalogIssue[]> {
  const refs = imageFields(data);
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

function recordCount(data: ParsedCatalog): number {
  return (
    data.categories.length +
    data.companies.length +
    data.products.length +
    (data.agents?.length ?? 0) +
    (data.sliders?.length ?? 0) +
    (data.infoPages ? 1 : 0) +
    (data.settings ? 1 : 0)
  );
}

/** What the file will do, counted against the shop as it is (the dry run's summary). */
async function preview(db: Db, data: ParsedCatalog): Promise<Summary> {
  const counted = (keys: string[], existing: Set<string>) => {
    const updated = keys.filter((k) => existing.has(k)).length;
    return { created: keys.length - updated, updated };
  };
  const slugs = async (table: typeof categories | typeof companies | typeof agents) =>
    new Set((await db.select({ slug: table.slug }).from(table)).map((r) => r.slug));
  return {
    categories: counted(
      data.categories.map((c) => c.key),
      await slugs(categories),
    ),
    companies: counted(
      data.companies.map((c) => c.key),
      await slugs(companies),
    ),
    products: await countProducts(db, data),
    agents: counted(data.agents?.map((a) => a.key) ?? [], await slugs(agents)),
    sliders: data.sliders?.length ?? 0,
    infoPages: data.infoPages ? Object.keys(data.infoPages).length : 0,
    settings: data.settings ? Object.keys(data.settings).length : 0,
  };
}

/**
 * The dry run: reads and checks an uploaded file, keeps it, and records a job that is ready
 * to start (`checked`) or lists every problem by row and field (`invalid`). Writes no catalog.
 */
export async function checkUpload(
  deps: ImportJobDeps,
  by: AuditActor,
  upload: { fileName: string; bytes: Buffer },
  lang: Lang,
): Promise<ImportJob> {
  const format = formatOf(upload.fileName, upload.bytes);
  let raw: unknown;
  try {
    raw = readCatalogText(upload.bytes.toString('utf8'), format);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof CsvError)
      throw new AppError(400, 'IMPORT_FILE_UNREADABLE', [{ path: 'file', code: 'IMPORT_FILE_UNREADABLE' }]);
    throw error;
  }
  const checked = catalogFormatIssues(raw, deps.settings, MAX_ISSUES);
  let issues: CatalogIssue[] = checked.issues ?? [];
  let summary: Summary | null = null;
  let total = 0;
  if (checked.catalog) {
    issues = [
      ...(await referenceIssues(deps.db, checked.catalog, MAX_ISSUES)),
      ...(await imageIssues(checked.catalog, deps.uploadsDir)),
    ].slice(0, MAX_ISSUES);
    total = recordCount(checked.catalog);
    if (!issues.length) summary = await preview(deps.db, checked.catalog);
  }
  // A CSV's records are its lines after the header: row n is line n + 1 of the file.
  const stored: StoredIssue[] = issues.map((i) => ({
    section: format === 'csv' && i.section === 'products' ? '' : i.section,
    row: i.index === null ? null : i.index + (format === 'csv' ? 2 : 1),
    field: i.field,
    message: i.message,
  }));
  const dir = importsDir(deps.dataDir);
  await mkdir(dir, { recursive: true });
  const [row] = await deps.db
    .insert(catalogImportJobs)
    .values({
      status: issues.length ? 'invalid' : 'checked',
      format,
      fileName: upload.fileName.slice(0, 200) || `catalog.${format}`,
      storedFile: '',
      total,
      summary,
      errors: stored,
      staffId: by.staffId,
      actor: by.actor,
    })
    .returning();
  const storedFile = `${row!.id}.${format}`;
  await writeFile(path.join(dir, storedFile), upload.bytes);
  const [updated] = await deps.db
    .update(catalogImportJobs)
    .set({ storedFile })
    .where(eq(catalogImportJobs.id, row!.id))
    .returning();
  return present(updated!, lang);
}

export async function listImportJobs(db: Db, lang: Lang, limit = 20): Promise<ImportJob[]> {
  const rows = await db
    .select()
    .from(catalogImportJobs)
    .orderBy(desc(catalogImportJobs.createdAt))
    .limit(limit);
  return rows.map((r) => present(r, lang));
}

export async function findImportJob(db: Db, id: string, lang: Lang): Promise<ImportJob> {
  const [row] = await db.select().from(catalogImportJobs).where(eq(catalogImportJobs.id, id));
  if (!row) throw new AppError(404, 'IMPORT_JOB_NOT_FOUND');
  return present(row, lang);
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Marks a checked job running (at most one runs); the caller then runs it in the background. */
export async function startImportJob(db: Db, id: string): Promise<void> {
  let rows: JobRow[];
  try {
    rows = await db
      .update(catalogImportJobs)
      .set({ status: 'running', startedAt: new Date(), done: 0 })
      .where(and(eq(catalogImportJobs.id, id), eq(catalogImportJobs.status, 'checked')))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'IMPORT_RUNNING');
    throw error;
  }
  if (rows.length) return;
  const [row] = await db
    .select({ status: catalogImportJobs.status })
    .from(catalogImportJobs)
    .where(eq(catalogImportJobs.id, id));
  if (!row) throw new AppError(404, 'IMPORT_JOB_NOT_FOUND');
  throw new AppError(409, row.status === 'running' ? 'IMPORT_RUNNING' : 'IMPORT_NOT_READY');
}

/** A job that was running when the process stopped is over: marked failed at start-up. */
export async function failInterruptedJobs(db: Db): Promise<number> {
  const rows = await db
    .update(catalogImportJobs)
    .set({ status: 'failed', failure: 'IMPORT_INTERRUPTED', finishedAt: new Date() })
    .where(eq(catalogImportJobs.status, 'running'))
    .returning({ id: catalogImportJobs.id });
  return rows.length;
}

async function fail(db: Db, id: string, code: 'IMPORT_FAILED' | 'IMPORT_INTERRUPTED') {
  await db
    .update(catalogImportJobs)
    .set({ status: 'failed', failure: code, finishedAt: new Date() })
    .where(eq(catalogImportJobs.id, id));
}

class Stopped extends Error {}

/**
 * Imports a running job's file in batches. `signal` stops it between batches (the shop is
 * shutting down): the job is then marked interrupted.
 */
export async function runImportJob(
  deps: ImportJobDeps,
  id: string,
  by: AuditActor,
  signal: AbortSignal,
): Promise<void> {
  const { db } = deps;
  try {
    const [job] = await db.select().from(catalogImportJobs).where(eq(catalogImportJobs.id, id));
    if (!job || job.status !== 'running') return;
    const text = await readFile(path.join(importsDir(deps.dataDir), job.storedFile), 'utf8');
    const checked = catalogFormatIssues(readCatalogText(text, job.format), deps.settings);
    if (!checked.catalog) throw new Error('the kept file no longer passes its checks');
    const data = checked.catalog;
    const image = identityImages(data);
    let done = 0;
    const progress = async (n: number) => {
      done += n;
      await db.update(catalogImportJobs).set({ done }).where(eq(catalogImportJobs.id, id));
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
      await progress(part.length);
    }
    await between();
    const summary: Summary = await db.transaction(async (tx) => {
      let n = 0;
      const rest = await writeContentSections(tx, data, image, deps.settings, (k) => (n += k));
      const result = { ...named.result, products: productCounts, ...rest };
      await tx
        .update(catalogImportJobs)
        .set({ status: 'done', done: job.total, summary: result, finishedAt: new Date() })
        .where(eq(catalogImportJobs.id, id));
      await recordAudit(tx, {
        by,
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
    await fail(db, id, stopped ? 'IMPORT_INTERRUPTED' : 'IMPORT_FAILED').catch(() => undefined);
    // Whatever batches were written are live: the storefront's caches must see them.
    for (const topic of ['catalog', 'content', 'settings'] as const)
      await deps.changes.publish({ topic }).catch(() => undefined);
  }
}
