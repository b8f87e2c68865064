import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { catalogImportJobs } from './schema.ts';

/*
 * The catalog files' jobs (decisions 130 and 138): the only code that writes their rows. A job
 * is checked (or invalid), then running, then done or failed; a checked one may be discarded.
 * The database's clock decides every age (a heartbeat, an abandoned file), so processes whose
 * clocks differ agree.
 */

export type JobRow = typeof catalogImportJobs.$inferSelect;
type NewJob = typeof catalogImportJobs.$inferInsert;

/**
 * A running job whose heartbeat is older than this has no live process behind it: six beats
 * missed, so a process slowed by a long batch or a busy database is not taken for dead, while a
 * job left by a crashed process is freed within half a minute of the next start.
 */
export const STALE_HEARTBEAT_SECONDS = 30;
/** A checked file not imported within this time is discarded when the next file is checked. */
export const ABANDONED_AFTER_HOURS = 24;

/** A job by its id; undefined when there is none. */
export async function importJobRow(db: Db | Tx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(catalogImportJobs).where(eq(catalogImportJobs.id, id));
  return row;
}

/** Records a checked (or invalid) upload; its kept file's name is set once the file is written. */
export async function insertImportJob(db: Db, values: Omit<NewJob, 'storedFile'>): Promise<JobRow> {
  const [row] = await db
    .insert(catalogImportJobs)
    .values({ ...values, storedFile: '' })
    .returning();
  return row!;
}

/** Names a job's kept file under `DATA_DIR/imports/`. */
export async function setKeptFile(db: Db, id: string, storedFile: string): Promise<JobRow> {
  const [row] = await db
    .update(catalogImportJobs)
    .set({ storedFile })
    .where(eq(catalogImportJobs.id, id))
    .returning();
  return row!;
}

/** A checked job given up; undefined when the job is not there or not checked. */
export async function discardCheckedJob(tx: Tx, id: string): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(catalogImportJobs)
    .set({ status: 'discarded', finishedAt: new Date() })
    .where(and(eq(catalogImportJobs.id, id), eq(catalogImportJobs.status, 'checked')))
    .returning();
  return row;
}

/** Checked jobs nobody started within ABANDONED_AFTER_HOURS, now discarded. */
export function discardAbandonedJobs(db: Db): Promise<JobRow[]> {
  return db
    .update(catalogImportJobs)
    .set({ status: 'discarded', finishedAt: new Date() })
    .where(
      and(
        eq(catalogImportJobs.status, 'checked'),
        lt(catalogImportJobs.createdAt, sql`now() - ${sql.raw(`interval '${ABANDONED_AFTER_HOURS} hours'`)}`),
      ),
    )
    .returning();
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Marks a checked job running. At most one runs (a unique index): 409 IMPORT_RUNNING while
 * another does, 409 IMPORT_NOT_READY for a job that is not checked, 404 when there is none.
 */
export async function markJobRunning(db: Db, id: string): Promise<void> {
  let rows: JobRow[];
  try {
    rows = await db
      .update(catalogImportJobs)
      .set({ status: 'running', startedAt: new Date(), done: 0, productsWritten: 0, heartbeatAt: sql`now()` })
      .where(and(eq(catalogImportJobs.id, id), eq(catalogImportJobs.status, 'checked')))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'IMPORT_RUNNING');
    throw error;
  }
  if (rows.length) return;
  const row = await importJobRow(db, id);
  if (!row) throw new AppError(404, 'IMPORT_JOB_NOT_FOUND');
  throw new AppError(409, row.status === 'running' ? 'IMPORT_RUNNING' : 'IMPORT_NOT_READY');
}

/**
 * A job still running whose heartbeat stopped is over (the process running it died): marked
 * failed. A job another live process runs keeps its fresh heartbeat and is left alone.
 */
export async function failInterruptedJobs(db: Db): Promise<number> {
  const rows = await db
    .update(catalogImportJobs)
    .set({ status: 'failed', failure: 'IMPORT_INTERRUPTED', finishedAt: new Date() })
    .where(
      and(
        eq(catalogImportJobs.status, 'running'),
        or(
          isNull(catalogImportJobs.heartbeatAt),
          lt(
            catalogImportJobs.heartbeatAt,
            sql`now() - ${sql.raw(`interval '${STALE_HEARTBEAT_SECONDS} seconds'`)}`,
          ),
        ),
      ),
    )
    .returning({ id: catalogImportJobs.id });
  return rows.length;
}

/** A running job that stopped: why, as an error code of the contract. */
export async function failJob(db: Db, id: string, code: 'IMPORT_FAILED' | 'IMPORT_INTERRUPTED') {
  await db
    .update(catalogImportJobs)
    .set({ status: 'failed', failure: code, finishedAt: new Date() })
    .where(eq(catalogImportJobs.id, id));
}

/** The process running the job says it is alive (only while the job is running). */
export async function beatJob(db: Db, id: string): Promise<void> {
  await db
    .update(catalogImportJobs)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(catalogImportJobs.id, id), eq(catalogImportJobs.status, 'running')));
}

/** Records written so far, and products among them (the progress bar, and what a failure left). */
export async function jobProgress(db: Db, id: string, done: number, productsWritten: number): Promise<void> {
  await db
    .update(catalogImportJobs)
    .set({ done, productsWritten, heartbeatAt: sql`now()` })
    .where(eq(catalogImportJobs.id, id));
}

/** A job whose every record is written, with what it wrote. */
export async function finishJob(tx: Tx, id: string, total: number, summary: unknown): Promise<void> {
  await tx
    .update(catalogImportJobs)
    .set({ status: 'done', done: total, summary, finishedAt: new Date() })
    .where(eq(catalogImportJobs.id, id));
}
