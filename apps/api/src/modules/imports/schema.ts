import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staff } from '../staff/schema.ts';

export const importJobStatuses = ['checked', 'invalid', 'running', 'done', 'failed', 'discarded'] as const;

/**
 * A catalog file uploaded in the back office: checked first (a dry run), then imported in the
 * background. The file itself is kept under `DATA_DIR/imports/`. At most one job runs at a time.
 */
export const catalogImportJobs = pgTable(
  'catalog_import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: importJobStatuses }).notNull(),
    format: text('format', { enum: ['json', 'csv'] }).notNull(),
    /** The name the file had on the member's computer (shown in the history). */
    fileName: text('file_name').notNull(),
    /** The kept file's name under `DATA_DIR/imports/`. */
    storedFile: text('stored_file').notNull(),
    /** Records to write, and written so far (the progress bar). */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** Rows created and updated per section, once done. */
    summary: jsonb('summary'),
    /** Per-row problems of the dry run: `{section, row, field, message}` (message in English). */
    errors: jsonb('errors').notNull().default([]),
    /** Why a running job failed (an error code of the contract). */
    failure: text('failure'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Stamped every few seconds by the process running the job (migration 0013). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Products written so far: after a failure, how many of the file's are in the shop. */
    productsWritten: integer('products_written').notNull().default(0),
    /**
     * The images a ZIP file's check stored (`/uploads/catalog/…`), which its kept file names:
     * removed again when the file is discarded without being imported (migration 0014).
     */
    storedImages: jsonb('stored_images').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('catalog_import_jobs_created_idx').on(t.createdAt),
    uniqueIndex('catalog_import_jobs_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    check(
      'catalog_import_jobs_status_known',
      sql`${t.status} in ('checked', 'invalid', 'running', 'done', 'failed', 'discarded')`,
    ),
  ],
);
