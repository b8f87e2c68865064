import type { AdminContent, AdminSettings, ImportJob } from './admin-content.ts';

/** The back office's reads for content, settings (owner only) and catalog files. */
export interface BackOfficeContentReads {
  /** Slides, agents and info pages as the content page edits them. */
  content(): Promise<AdminContent>;
  /** The shop's settings; payment secrets only as set or not. A 403 Response for staff. */
  settings(): Promise<AdminSettings>;
  /** The latest imports, newest first. */
  importJobs(): Promise<ImportJob[]>;
  /** One import; null when there is no such job. */
  importJob(id: string): Promise<ImportJob | null>;
}
