import type {
  AdminContent,
  AdminSettings,
  ImportJob,
  ImportJobList,
  ImportJobListQuery,
} from './admin-content.ts';

/** The back office's reads for content, settings (owner only) and catalog files. */
export interface BackOfficeContentReads {
  /** Slides, agents and info pages as the content page edits them. */
  content(): Promise<AdminContent>;
  /** The shop's settings; payment secrets only as set or not. A 403 Response for staff. */
  settings(): Promise<AdminSettings>;
  /** A page of the imports, newest first, of one status or all (a 400 Response for a bad query). */
  importJobs(query?: ImportJobListQuery): Promise<ImportJobList>;
  /** One import; null when there is no such job. */
  importJob(id: string): Promise<ImportJob | null>;
}
