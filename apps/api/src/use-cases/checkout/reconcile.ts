import { periodicTask } from '../../lib/periodic.ts';
import { awaitingPaymentSince } from '../../modules/orders/service.ts';
import { ProviderNotFoundError, type ProviderPayment } from '../../modules/payments/provider.ts';
import { awaitingProviderPayments, strayPaidPayments } from '../../modules/payments/service.ts';
import { settlePayLater, type PayLaterGateways } from './pay-later.ts';
import { payLaterGateways } from './pay-later-capture.ts';
import { settlePayment, verifyPayment, type PaymentDeps } from './settle-payment.ts';
import { announceStock, endUnpaidOrder } from './steps.ts';

export interface ReconcileOptions {
  now?: Date;
  /** Orders and payments younger than this are left to the shopper's own verification. */
  graceMs?: number;
  /** At most this many orders (and as many stray payments) per run. */
  batchSize?: number;
}

export interface ReconcileSummary {
  paid: number;
  failed: number;
  expired: number;
  /** Orders left awaiting payment because the provider could not be asked. */
  unreachable: number;
  /** Paid payments that no order took, settled again (refund retried, or a late order paid). */
  stray: number;
  /** Pay-later payments of orders left waiting, settled: authorised (order confirmed) or ended. */
  payLater: number;
}

/**
 * Settles what the shopper's callback and the webhook did not: for each order still awaiting
 * payment, ask the provider for its payment (Moyasar payment ids are the `given_id` we sent);
 * paid → paid, failed → failed; none by the expiry time → expired and its stock released.
 * When the provider cannot be reached the order keeps waiting, since it may have been paid.
 * Then paid payments that no order took (wrong amount, duplicate, late) are settled again so a
 * refund that failed is retried. Every step is a conditional transition, so several processes
 * may run this at once.
 */
export async function reconcilePayments(
  deps: PaymentDeps & PayLaterGateways,
  options: ReconcileOptions = {},
): Promise<ReconcileSummary> {
  const now = options.now ?? new Date();
  const graceMs = options.graceMs ?? 60_000;
  const batchSize = options.batchSize ?? 200;
  const before = new Date(now.getTime() - graceMs);
  const summary: ReconcileSummary = { paid: 0, failed: 0, expired: 0, unreachable: 0, stray: 0, payLater: 0 };

  // Pay-later checkouts the shopper left without coming back and whose webhook never came: the
  // provider is asked; authorised confirms the order, rejected or expired ends it (stock back).
  for (const { method, gateway } of payLaterGateways(deps)) {
    for (const id of await awaitingProviderPayments(deps.db, gateway.name, before, batchSize)) {
      try {
        const settlement = await settlePayLater(deps, method, id);
        if (settlement.ok || settlement.status === 402) summary.payLater += 1;
      } catch (error) {
        deps.log.warn({ err: error, paymentId: id }, 'reconciliation: pay-later provider not reachable');
        summary.unreachable += 1;
      }
    }
  }

  const waiting = await awaitingPaymentSince(deps.db, before, batchSize);
  for (const order of waiting) {
    let payment: ProviderPayment | null = null;
    try {
      payment = await deps.provider.fetchPayment(order.paymentGivenId);
    } catch (error) {
      if (!(error instanceof ProviderNotFoundError)) {
        deps.log.warn({ err: error, orderId: order.id }, 'reconciliation: provider not reachable');
        summary.unreachable += 1;
        continue;
      }
    }
    if (payment) {
      const settlement = await settlePayment(deps, payment);
      if (settlement.ok) {
        summary.paid += 1;
        continue;
      }
      if (settlement.order?.status === 'failed') {
        summary.failed += 1;
        continue;
      }
    }
    if (order.expiresAt <= now) {
      const ended = await deps.db.transaction((tx) => endUnpaidOrder(tx, order.id, 'expired', now));
      if (ended) {
        summary.expired += 1;
        await announceStock(deps.changes, ended.units);
      }
    }
  }

  const stray = await strayPaidPayments(deps.db, before, batchSize);
  for (const id of stray) {
    try {
      await verifyPayment(deps, id);
      summary.stray += 1;
    } catch (error) {
      deps.log.warn({ err: error, paymentId: id }, 'reconciliation: stray payment not settled');
    }
  }
  return summary;
}

/** Runs `reconcilePayments` every `intervalMs` (0: never) once started (lib/periodic.ts). */
export function paymentReconciler(deps: PaymentDeps & PayLaterGateways, intervalMs: number) {
  return periodicTask(
    { name: 'payment reconciliation', intervalMs, log: deps.log },
    () => reconcilePayments(deps),
    (summary) => {
      if (Object.values(summary).some((n) => n > 0)) deps.log.info({ summary }, 'payments reconciled');
    },
  );
}
