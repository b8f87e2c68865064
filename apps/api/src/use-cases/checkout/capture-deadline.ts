import { periodicTask } from '../../lib/periodic.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { claimCapture } from '../../modules/orders/capture.ts';
import { dueBefore } from '../../modules/payments/capture-window.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { cancelPaidOrder } from '../fulfil-order.ts';
import {
  CAPTURE_LEASE_MS,
  PAYMENTS_JOB_ACTOR,
  capturePayLater,
  payLaterGateways,
} from './pay-later-capture.ts';
import type { RefundDeps } from './refund-order.ts';

export interface CaptureRunSummary {
  /** Owed captures of shipped orders that went through. */
  retried: number;
  /** Unshipped orders captured at the deadline (the owner's choice). */
  captured: number;
  /** Unshipped orders closed at the deadline: cancelled, stock back, nothing taken. */
  closed: number;
  /** Orders the provider did not answer for: their claim lapses and a later run tries again. */
  failed: number;
}

/**
 * The pay-later capture job (decision 244), run in every process: it takes, one at a time, each
 * order whose capture is owed (shipped, the capture did not go through) and captures it; and
 * each still authorised and unshipped a day before its provider's capture deadline, and
 * captures or closes it as the owner chose in the settings. Each order is first claimed (a row
 * picked with SKIP LOCKED), so of several processes only one acts on it; a failure leaves the
 * claim to lapse after `CAPTURE_LEASE_MS`, which spaces the retries. Each action is in the
 * audit log under `payments-job`.
 */
export async function runCaptureJob(
  deps: RefundDeps,
  options: { now?: Date; batchSize?: number } = {},
): Promise<CaptureRunSummary> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 50;
  const summary: CaptureRunSummary = { retried: 0, captured: 0, closed: 0, failed: 0 };
  const due = payLaterGateways(deps).map(({ method }) => ({
    method,
    authorisedBefore: dueBefore(method, now),
  }));
  if (due.length === 0) return summary;
  const { captureDeadlineAction } = await getSettings(deps.db);
  for (let i = 0; i < batchSize; i += 1) {
    const order = await claimCapture(deps.db, { now, leaseMs: CAPTURE_LEASE_MS, due });
    if (!order) break;
    const shipped =
      order.captureStatus === 'owed' || order.fulfilment === 'shipped' || order.fulfilment === 'delivered';
    try {
      // Cancelled already (its refund did not go through): finished by closing, never captured.
      const cancelled = order.fulfilment === 'cancelled';
      if (!cancelled && (shipped || captureDeadlineAction === 'capture')) {
        await capturePayLater(deps, order, {
          audit: {
            action: shipped ? 'order.capture_retry' : 'order.capture_deadline',
            by: PAYMENTS_JOB_ACTOR,
          },
        });
        if (shipped) summary.retried += 1;
        else summary.captured += 1;
      } else {
        await deps.db.transaction((tx) =>
          recordAudit(tx, {
            by: PAYMENTS_JOB_ACTOR,
            action: 'order.close_deadline',
            entityType: 'order',
            entityId: order.id,
            before: { number: order.number, capture: order.captureStatus },
            after: { number: order.number, capture: null, fulfilment: 'cancelled' },
          }),
        );
        // Cancelled with its event and audit entry, then the authorisation closed and the stock
        // back through the refund: no credit note, since nothing was captured or invoiced.
        await cancelPaidOrder(deps, { id: order.id }, PAYMENTS_JOB_ACTOR);
        summary.closed += 1;
      }
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, 'pay-later capture job: not done, retried later');
      summary.failed += 1;
    }
  }
  return summary;
}

/** Runs `runCaptureJob` every `intervalMs` (0: never) once started (lib/periodic.ts). */
export function captureJob(deps: RefundDeps, intervalMs: number) {
  return periodicTask(
    { name: 'pay-later captures', intervalMs, log: deps.log },
    () => runCaptureJob(deps),
    (summary) => {
      if (Object.values(summary).some((n) => n > 0)) deps.log.info({ summary }, 'pay-later captures');
    },
  );
}
