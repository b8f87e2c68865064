import {
  errorMessage,
  importIssueMessage,
  type ErrorCode,
  type ImportIssue,
  type ImportJob,
  type Lang,
} from '@shop/contract';
import type { ImportSummary } from '../../lib/catalog-file/format.ts';
import type { JobRow } from './service.ts';

/** What a job's summary holds: the counts of each section (the images are the command line's). */
export type JobSummary = Omit<ImportSummary, 'images'>;

/** Per-row problems of a dry run as kept: the message in English, shown in the page's language. */
export interface StoredIssue {
  section: string;
  row: number | null;
  field: string;
  message: string;
}

/** The file's products: those the dry run counted (created and updated). */
const summaryProducts = (summary: JobSummary | null) =>
  summary ? summary.products.created + summary.products.updated : 0;

/** A job as the import page and the API show it, in `lang`. */
export function presentImportJob(row: JobRow, lang: Lang): ImportJob {
  const summary = (row.summary as JobSummary | null) ?? null;
  const errors = (row.errors as StoredIssue[]).map((e): ImportIssue => ({
    ...e,
    message: importIssueMessage(e.message, lang),
  }));
  const percent =
    row.total > 0 ? Math.min(100, Math.floor((row.done * 100) / row.total)) : row.status === 'done' ? 100 : 0;
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    fileName: row.fileName,
    total: row.total,
    done: row.done,
    percent,
    summary,
    errors,
    productsTotal: summaryProducts(summary),
    productsWritten: row.productsWritten,
    // A failure is stored as an error code of the contract, which has its message in both languages.
    failure: row.failure ? errorMessage(row.failure as ErrorCode, lang) : null,
    actor: row.actor,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
