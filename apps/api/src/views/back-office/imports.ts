import type { ImportJob, ImportJobList, ImportJobStatus, Lang } from '@shop/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { presentImportJob } from '../../modules/imports/present.ts';
import { catalogImportJobs } from '../../modules/imports/schema.ts';
import { importJobRow } from '../../modules/imports/service.ts';

/** A page of the imports, newest first, of one status or all. */
export async function listImportJobs(
  db: Db,
  lang: Lang,
  { status, page, pageSize }: { status?: ImportJobStatus; page: number; pageSize: number },
): Promise<ImportJobList> {
  const where = status ? eq(catalogImportJobs.status, status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(catalogImportJobs)
      .where(where)
      .orderBy(desc(catalogImportJobs.createdAt), desc(catalogImportJobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(catalogImportJobs).where(where),
  ]);
  return { items: rows.map((r) => presentImportJob(r, lang)), page, pageSize, total: counted?.total ?? 0 };
}

/** A job as the import page shows it; null when there is none. */
export async function findImportJob(db: Db, id: string, lang: Lang): Promise<ImportJob | null> {
  const row = await importJobRow(db, id);
  return row ? presentImportJob(row, lang) : null;
}
