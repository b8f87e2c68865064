import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { FatooraError, type FatooraMessage, type ReportOutcome } from '@shop/zatca';
import { AppError } from '../../lib/errors.ts';
import { periodicTask } from '../../lib/periodic.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import {
  claimDueDocuments,
  documentByUuid,
  overdueCount,
  recordAnswer,
  recordFailedAttempt,
  requeueDocument,
  unitById,
  unitCredentials,
  type SealingConfig,
} from '../../modules/einvoices/service.ts';
import type { EinvoiceDocumentRow, EinvoiceStatus, EinvoiceUnitRow } from '../../modules/einvoices/schema.ts';

/**
 * Reporting the issued documents to Fatoora (decision 172). Each run claims the documents that
 * are due with a lease (a row update, SKIP LOCKED), so however many processes run it, one sends a
 * document at a time; the answer is kept only by the claim's holder. A document whose attempt got
 * no answer (network, 5xx, 429, credentials) is tried again later, the wait doubling from 30
 * seconds up to an hour; one whose holder died is taken again once its lease has run out. The
 * documents are in the database from the transaction that issued them, so a restart loses none.
 */

export type ReportDeps = Pick<Shop, 'db' | 'log' | 'fatoora'> & { config: SealingConfig };

/** Longest one attempt may hold a document: the client's calls answer well within it. */
export const REPORT_LEASE_MS = 2 * 60_000;
/** ZATCA wants simplified documents reported within 24 hours; the back office warns after 20. */
export const OVERDUE_AFTER_MS = 20 * 3_600_000;

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min, … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** This process's name on the documents it holds. */
const processOwner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export interface ReportSummary {
  reported: number;
  warned: number;
  rejected: number;
  /** Attempts without an answer, to be tried again. */
  retried: number;
  /** Queued documents issued more than 20 hours ago. */
  overdue: number;
}

const STATUS: Record<ReportOutcome['status'], Exclude<EinvoiceStatus, 'queued'>> = {
  reported: 'reported',
  'reported-with-warnings': 'reported_with_warnings',
  rejected: 'rejected',
};

function messagesOf(outcome: ReportOutcome): FatooraMessage[] {
  return [...outcome.validation.warningMessages, ...outcome.validation.errorMessages];
}

/** Reports the documents due now; `owner` names the claimant (a process by default). */
export async function reportDueDocuments(
  deps: ReportDeps,
  options: { now?: Date; limit?: number; owner?: string; leaseMs?: number } = {},
): Promise<ReportSummary> {
  const now = options.now ?? new Date();
  const owner = options.owner ?? processOwner;
  const summary: ReportSummary = { reported: 0, warned: 0, rejected: 0, retried: 0, overdue: 0 };
  const claimed = await claimDueDocuments(deps.db, owner, {
    leaseMs: options.leaseMs ?? REPORT_LEASE_MS,
    limit: options.limit ?? 50,
    now,
  });
  const units = new Map<number, EinvoiceUnitRow | null>();
  for (const doc of claimed) {
    if (!units.has(doc.unitId)) units.set(doc.unitId, await unitById(deps.db, doc.unitId));
    const outcome = await reportOne(deps, doc, units.get(doc.unitId)!, owner);
    if (outcome) summary[outcome] += 1;
  }
  summary.overdue = await overdueCount(deps.db, new Date(now.getTime() - OVERDUE_AFTER_MS));
  return summary;
}

async function reportOne(
  deps: ReportDeps,
  doc: EinvoiceDocumentRow,
  unit: EinvoiceUnitRow,
  owner: string,
): Promise<keyof Omit<ReportSummary, 'overdue'> | null> {
  try {
    // A unit's certificate is known only where it was onboarded (ZATCA's environment, or the
    // simulator): its documents wait, and show why, while the shop talks to another.
    if (unit.apiUrl !== deps.fatoora.address)
      throw new Error(`unit onboarded at ${unit.apiUrl}; the shop now reports to ${deps.fatoora.address}`);
    const client = await deps.fatoora.client();
    const outcome = await client.report(await unitCredentials(deps.config, unit), doc);
    const status = STATUS[outcome.status];
    const kept = await recordAnswer(deps.db, doc.uuid, owner, { status, messages: messagesOf(outcome) });
    if (!kept) return null;
    if (status === 'rejected')
      deps.log.error(
        { uuid: doc.uuid, number: doc.number, messages: kept.messages },
        'e-invoice rejected by Fatoora',
      );
    return status === 'reported' ? 'reported' : status === 'rejected' ? 'rejected' : 'warned';
  } catch (error) {
    const messages = error instanceof FatooraError ? error.messages : [];
    await recordFailedAttempt(deps.db, doc.uuid, owner, {
      error: (error as Error).message,
      messages,
      nextAttemptAt: new Date(Date.now() + retryDelayMs(doc.attempts)),
    });
    deps.log.warn(
      { err: error, uuid: doc.uuid, attempts: doc.attempts },
      'e-invoice not reported; will retry',
    );
    return 'retried';
  }
}

/** Runs `reportDueDocuments` every `intervalMs` (0: never) once started (lib/periodic.ts). */
export function einvoiceReporter(deps: ReportDeps, intervalMs: number) {
  return periodicTask(
    { name: 'e-invoice reporting', intervalMs, log: deps.log },
    () => reportDueDocuments(deps),
    (summary) => {
      const { overdue, ...done } = summary;
      if (Object.values(done).some((n) => n > 0)) deps.log.info({ summary }, 'e-invoices reported');
      if (overdue > 0) deps.log.error({ overdue }, 'e-invoices not reported within 20 hours');
    },
  );
}

/**
 * A member asks to send a document again (back office): a queued one at once, without its
 * back-off, a rejected one as it is; recorded in the audit log. 404 EINVOICE_NOT_FOUND, 409
 * EINVOICE_NOT_REPORTABLE for a document already reported.
 */
export async function reportAgain(
  deps: Pick<Shop, 'db'>,
  uuid: string,
  by: AuditActor,
): Promise<EinvoiceDocumentRow> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await documentByUuid(tx, uuid);
    const requeued = await requeueDocument(tx, uuid);
    if (requeued)
      await recordAudit(tx, {
        by,
        action: 'einvoice.report_again',
        entityType: 'einvoice',
        entityId: uuid,
        before: { number: before?.number, status: before?.status },
        after: { number: requeued.number, status: requeued.status },
      });
    return requeued;
  });
  if (row) return row;
  if (!(await documentByUuid(deps.db, uuid))) throw new AppError(404, 'EINVOICE_NOT_FOUND');
  throw new AppError(409, 'EINVOICE_NOT_REPORTABLE');
}
