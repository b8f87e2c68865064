import type { ImportJob, Lang, StaffRole } from '@shop/contract';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { inBackgroundSpan } from '../../lib/tracing.ts';
import type { Shop } from '../../lib/shop.ts';
import { failInterruptedJobs } from '../../modules/imports/service.ts';
import {
  checkUpload,
  discardImportJob,
  retryImportJob,
  runImportJob,
  startImportJob,
  type ImportJobDeps,
} from './jobs.ts';
import { importSettings } from './settings.ts';

/** Who works with a catalog file, for the audit log, and their role: a file's settings section is an owner's. */
export type ImportMember = AuditActor & { role: StaffRole };

/**
 * The back office's catalog files in one shop process: the API's routes and the import page
 * call the same flows here, and the job this process started runs in its background. On
 * start-up, jobs whose process died are failed (`recover`); on shutting down, the running job
 * stops after its current batch and says so (`close`).
 */
export class CatalogImports {
  readonly #deps: ImportJobDeps;
  #running: { stop: AbortController; done: Promise<void> } | undefined;

  constructor(shop: Pick<Shop, 'db' | 'config' | 'changes' | 'log'>) {
    this.#deps = {
      db: shop.db,
      dataDir: shop.config.dataDir,
      uploadsDir: shop.config.uploadsDir,
      settings: importSettings,
      changes: shop.changes,
      log: shop.log,
    };
  }

  /** The dry run of an uploaded file: the job it made, checked or invalid. */
  check(by: ImportMember, upload: { fileName: string; bytes: Buffer }, lang: Lang): Promise<ImportJob> {
    return checkUpload(this.#deps, by, upload, lang);
  }

  /** Starts a checked job in the background (one at a time). */
  async start(by: ImportMember, id: string): Promise<void> {
    await startImportJob(this.#deps.db, id, by.role);
    this.#launch(id, by);
  }

  /** A failed job's file checked again as a new job, and started when it passes: the new job's id, and whether it started. */
  async retry(by: ImportMember, id: string, lang: Lang): Promise<{ id: string; started: boolean }> {
    const job = await retryImportJob(this.#deps, by, id, lang);
    if (job.status !== 'checked') return { id: job.id, started: false };
    await this.start(by, job.id);
    return { id: job.id, started: true };
  }

  /** Gives a checked job up without importing it. */
  discard(by: AuditActor, id: string, lang: Lang): Promise<ImportJob> {
    return discardImportJob(this.#deps, by, id, lang);
  }

  /** Jobs left running by a process that died are failed; one another live process runs keeps running. */
  async recover(): Promise<void> {
    const interrupted = await failInterruptedJobs(this.#deps.db);
    if (interrupted)
      this.#deps.log.warn({ interrupted }, 'a catalog import was running when the shop stopped');
  }

  /** The running import stops after its current batch, marked interrupted. */
  async close(): Promise<void> {
    this.#running?.stop.abort();
    await this.#running?.done;
  }

  #launch(id: string, by: ImportMember) {
    const stop = new AbortController();
    // Started by a member's request and running long after its answer: a trace of its own.
    const done = inBackgroundSpan('catalog import', () =>
      runImportJob(this.#deps, id, by, stop.signal),
    ).finally(() => {
      if (this.#running?.done === done) this.#running = undefined;
    });
    this.#running = { stop, done };
  }
}
