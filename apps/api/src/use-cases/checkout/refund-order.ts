import { isPayLater } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { endCapture } from '../../modules/orders/capture.ts';
import { payLaterGateway, type PayLaterGateways } from './pay-later.ts';
import type { Shop } from '../../lib/shop.ts';
import type { ReturnedUnits } from '../../modules/refunds/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { releaseStock } from '../../modules/catalog/stock.ts';
import {
  lockOrder,
  recordRefund,
  REFUNDABLE_STATUSES,
  type OrderRef,
  type OrderRow,
} from '../../modules/orders/lifecycle.ts';
import { findOrder, linesOfOrders } from '../../modules/orders/service.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type GatewayPayment,
  type PaymentGateway,
  type PaymentProvider,
  type ProviderPayment,
  noSource,
} from '../../modules/payments/provider.ts';
import { updatePaymentStatus } from '../../modules/payments/service.ts';
import {
  claimAttempt,
  completeRefund,
  failRefund,
  findRefund,
  findRefundByKey,
  insertPendingRefund,
  pendingRefund,
  refundsOfOrders,
  releaseAttempt,
  returnedByLine,
  type RefundRow,
} from '../../modules/refunds/service.ts';
import { issueRefundCreditNote } from '../einvoicing/issue.ts';
import { queueRefundMade } from '../messages/order-events.ts';
import { releaseEnded } from '../../modules/discounts/service.ts';
import { announceStock } from './steps.ts';

/**
 * Refunding a paid order (back office, owners): the payment provider gives the money back, the
 * order counts it (`partially_refunded`, or `refunded` once the whole total is back), units the
 * owner asks for go back on the shelf, and the audit log records it.
 *
 * The provider's refund happens outside our database, so the refund is written down (pending)
 * before the provider is asked, under a lock on the order row:
 *
 * - the same idempotency key again finds that row and answers it: a double click or a retry
 *   never refunds twice; while one request is asking the provider, the other waits for it;
 * - two different refunds of one order at once: the second finds the first one pending and is
 *   answered 409 REFUND_IN_PROGRESS (one pending refund per order, a unique index as well);
 * - a crash between the provider's refund and our commit leaves the row pending; the next try
 *   with the same key asks the provider how much it has refunded on the payment and finishes
 *   without refunding again when this refund is already in it.
 */

/** The shop's database, log, change bus and mail, and the payment provider that gives the money back. */
export type RefundDeps = Pick<Shop, 'db' | 'log' | 'messages' | 'changes' | 'config'> & {
  provider: PaymentProvider;
} & PayLaterGateways; /* for orders paid with them; without its gateway such an order is refused 409 */

/**
 * A Tabby or Tamara order's payment as the provider knows it before a refund (decision 240):
 * what was captured can be refunded; an order only authorised (nothing captured, hence no
 * invoice) is closed, which gives everything back at once. Null for a card's order.
 */
interface TabbyRefund {
  gateway: PaymentGateway;
  payment: GatewayPayment;
}

/** Provider failures while reading a Tabby payment before a refund, as the refund's answers. */
async function refundCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError(503, 'REFUND_PROVIDER_UNAVAILABLE');
    if (error instanceof ProviderNotFoundError || error instanceof ProviderRejectedError)
      throw new AppError(422, 'REFUND_REJECTED');
    throw error;
  }
}

async function tabbyRefundOf(deps: RefundDeps, ref: OrderRef): Promise<TabbyRefund | null> {
  const order = await findOrder(deps.db, ref);
  if (!order || !isPayLater(order.paymentMethod) || !order.paymentId) return null;
  // Never marked refunded without the provider being told: refused before anything is written.
  const gateway = payLaterGateway(deps, order.paymentMethod);
  if (!gateway) throw new AppError(409, 'REFUND_METHOD_NOT_SUPPORTED');
  const payment = await refundCall(() => gateway.fetch(order.paymentId!));
  return { gateway, payment };
}

/** Nothing of the payment was taken: a refund is its closing, in full, with no credit note. */
const uncaptured = (tabby: TabbyRefund | null) => tabby !== null && tabby.payment.captured === 0;

/**
 * Part captured and the rest still authorised (a partial capture, decision 244): the only
 * refund is the closing of that rest, credited like a partial refund since the capture issued
 * the invoice (decision 240).
 */
const restAuthorised = (tabby: TabbyRefund | null) =>
  tabby !== null && tabby.payment.state === 'authorised' && tabby.payment.captured > 0;

/** What a refund may still give back: the order's total less refunds; for Tabby, what it captured less refunds. */
function refundRoom(order: OrderRow, tabby: TabbyRefund | null): number {
  const left = order.totalHalalas - order.refundedHalalas;
  if (!tabby || uncaptured(tabby)) return left;
  if (restAuthorised(tabby)) return Math.min(left, tabby.payment.amount - tabby.payment.captured);
  return Math.min(left, tabby.payment.captured - tabby.payment.refunded);
}

export interface RefundRequest {
  amountHalalas: number;
  reason: string;
  returnStock: { lineId: number; quantity: number }[];
  idempotencyKey: string;
}

/** How long one request may be asking the provider before another may take over (its timeout is 10 s). */
export const ATTEMPT_LEASE_MS = 20_000;
const WAIT_STEP_MS = 100;

/** Units per line, merged and in line order, to compare two requests. */
function unitsKey(list: { lineId: number; quantity: number }[]): string {
  const byLine = new Map<number, number>();
  for (const u of list) byLine.set(u.lineId, (byLine.get(u.lineId) ?? 0) + u.quantity);
  return JSON.stringify([...byLine].sort((a, b) => a[0] - b[0]));
}

/** The same key must come with the same refund: anything else is a client mistake, not a retry. */
function sameRequest(row: RefundRow, input: RefundRequest): boolean {
  return (
    row.amountHalalas === input.amountHalalas &&
    row.reason === input.reason &&
    unitsKey(row.returnStock) === unitsKey(input.returnStock)
  );
}

/** The request's stock returns, checked against the order's lines and what earlier refunds put back. */
async function unitsToReturn(db: Db, order: OrderRow, input: RefundRequest): Promise<ReturnedUnits[]> {
  if (input.returnStock.length === 0) return [];
  const lines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
  const returned = returnedByLine((await refundsOfOrders(db, [order.id])).get(order.id) ?? []);
  const asked = new Map<number, number>();
  for (const r of input.returnStock) asked.set(r.lineId, (asked.get(r.lineId) ?? 0) + r.quantity);
  const units: ReturnedUnits[] = [];
  for (const [lineId, quantity] of asked) {
    const line = lines.find((l) => l.id === lineId);
    if (!line || quantity > line.quantity - (returned.get(lineId) ?? 0))
      throw new AppError(422, 'REFUND_STOCK_INVALID', [
        { path: `returnStock.${lineId}`, code: 'REFUND_STOCK_INVALID' },
      ]);
    units.push({ lineId, productId: line.productId, variantId: line.variantId, quantity });
  }
  return units.sort((a, b) => a.variantId - b.variantId);
}

type Started =
  | { kind: 'answered'; refund: RefundRow }
  | { kind: 'claimed'; refund: RefundRow; resumed: boolean }
  | { kind: 'busy'; refund: RefundRow };

/** Under the order's lock: the refund of this key, or a new pending one claimed by this request. */
async function start(
  deps: RefundDeps,
  ref: OrderRef,
  input: RefundRequest,
  by: AuditActor,
  tabby: TabbyRefund | null,
): Promise<Started> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, ref);
    if (!order) throw new AppError(404, 'ORDER_NOT_FOUND');
    // Paid with Tabby after the payment was read (a late authorisation), or no Tabby: refused
    // before anything is written; the same request again reads Tabby's payment first.
    if (isPayLater(order.paymentMethod) && !tabby) throw new AppError(409, 'REFUND_METHOD_NOT_SUPPORTED');
    const orderId = order.id;
    const existing = await findRefundByKey(tx, orderId, input.idempotencyKey);
    if (existing) {
      if (!sameRequest(existing, input)) throw new AppError(422, 'REFUND_KEY_REUSED');
      if (existing.status !== 'pending') return { kind: 'answered', refund: existing };
      const claimed = await claimAttempt(tx, existing.id, ATTEMPT_LEASE_MS);
      return claimed
        ? { kind: 'claimed', refund: claimed, resumed: true }
        : { kind: 'busy', refund: existing };
    }
    if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status) || !order.paymentId)
      throw new AppError(422, 'REFUND_NOT_REFUNDABLE');
    if (await pendingRefund(tx, orderId)) throw new AppError(409, 'REFUND_IN_PROGRESS');
    if (input.amountHalalas > refundRoom(order, tabby))
      throw new AppError(422, 'REFUND_AMOUNT_TOO_LARGE', [
        { path: 'amount', code: 'REFUND_AMOUNT_TOO_LARGE' },
      ]);
    // Tabby cannot give back part of what it never took: an uncaptured payment is closed whole.
    const whole = restAuthorised(tabby)
      ? tabby!.payment.amount - tabby!.payment.captured
      : order.totalHalalas - order.refundedHalalas;
    if ((uncaptured(tabby) || restAuthorised(tabby)) && input.amountHalalas !== whole)
      throw new AppError(422, 'REFUND_UNCAPTURED_WHOLE', [
        { path: 'amount', code: 'REFUND_UNCAPTURED_WHOLE' },
      ]);
    const units = await unitsToReturn(tx, order, input);
    const refund = await insertPendingRefund(tx, {
      orderId,
      idempotencyKey: input.idempotencyKey,
      amountHalalas: input.amountHalalas,
      reason: input.reason,
      returnStock: units,
      provider: tabby ? tabby.gateway.name : deps.provider.name,
      paymentId: order.paymentId,
      refundedBeforeHalalas: order.refundedHalalas,
      by,
      now: new Date(),
    });
    return { kind: 'claimed', refund, resumed: false };
  });
}

/** Asks the provider; for a resumed attempt, first whether an earlier try already went through. */
async function askProvider(deps: RefundDeps, refund: RefundRow, resumed: boolean): Promise<ProviderPayment> {
  if (resumed) {
    const payment = await deps.provider.fetchPayment(refund.paymentId);
    if (payment.refunded >= refund.refundedBeforeHalalas + refund.amountHalalas) return payment;
  }
  return deps.provider.refundPayment(refund.paymentId, refund.amountHalalas);
}

/**
 * Tabby's side of a refund: the uncaptured payment closed, or the captured money refunded with
 * the refund's id as Tabby's reference, so a retry after a crash never refunds twice.
 */
async function askTabby(tabby: TabbyRefund, refund: RefundRow): Promise<ProviderPayment> {
  const { gateway } = tabby;
  const now = await gateway.fetch(refund.paymentId);
  let after = now;
  // Authorised: nothing captured (all is given back) or the uncaptured rest after a part was.
  if (now.state === 'authorised') after = await gateway.close(now.id);
  else if (now.state !== 'voided') after = await gateway.refund(now.id, refund.amountHalalas, refund.id);
  return {
    id: after.id,
    status: after.providerStatus,
    amount: after.amount,
    refunded: after.refunded,
    currency: after.currency,
    message: after.message,
    metadata: {},
    source: noSource,
    raw: after.raw,
  };
}

/** Counts a refund the provider made: order, payment, stock, credit note and audit, in one transaction. */
async function finish(
  deps: RefundDeps,
  refund: RefundRow,
  payment: ProviderPayment,
  by: AuditActor,
  creditNote = true,
) {
  const done = await deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, refund.orderId);
    const completed = await completeRefund(tx, refund.id);
    if (!before || !completed) return null;
    const order = await recordRefund(tx, refund.orderId, refund.amountHalalas);
    // The pending row kept every other refund of the order away, so the order still has room.
    if (!order) throw new Error(`order ${refund.orderId} could not count refund ${refund.id}`);
    await updatePaymentStatus(tx, refund.paymentId, payment);
    await releaseStock(tx, completed.returnStock);
    // A pay-later payment closed or refunded has nothing left to capture.
    if (isPayLater(order.paymentMethod)) await endCapture(tx, order.id);
    // Refunded in full, the order gives its discount code's use back (a partial refund keeps it).
    if (order.status === 'refunded' && order.discountCode !== null)
      await releaseEnded(tx, { orderIds: [order.id] });
    // A closed pay-later authorisation took no money and had no invoice: nothing to credit.
    if (creditNote) await issueRefundCreditNote(tx, deps.config, order, completed);
    await recordAudit(tx, {
      by,
      action: 'order.refund',
      entityType: 'order',
      entityId: refund.orderId,
      before: { status: before.status, refunded: before.refundedHalalas / 100 },
      after: {
        status: order.status,
        refunded: order.refundedHalalas / 100,
        refund: {
          id: completed.id,
          amount: completed.amountHalalas / 100,
          reason: completed.reason,
          returnStock: completed.returnStock,
          creditNoteNumber: completed.creditNoteNumber,
        },
      },
    });
    await queueRefundMade(tx, order, completed);
    return { refund: completed, order };
  });
  if (!done) return null;
  await announceStock(deps.changes, done.refund.returnStock);
  deps.messages.kick();
  return done.refund;
}

/** Waits while another request is asking the provider about this refund; its outcome, or null once it may be taken over. */
async function waitForOther(db: Db, refund: RefundRow): Promise<RefundRow | null> {
  const deadline = (refund.attemptStartedAt?.getTime() ?? Date.now()) + ATTEMPT_LEASE_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const now = await findRefund(db, refund.orderId, refund.id);
    if (now && now.status !== 'pending') return now;
    if (now && now.attemptStartedAt === null) return null;
  }
  return null;
}

function answer(refund: RefundRow): RefundRow {
  if (refund.status === 'failed') throw new AppError(422, 'REFUND_REJECTED');
  return refund;
}

/**
 * Refunds `input.amountHalalas` of a paid order. Answers the refund (also when the same key
 * was already refunded); throws AppError 404, 409 REFUND_IN_PROGRESS, 422 (amount, stock,
 * status, a refused refund) or 503 REFUND_PROVIDER_UNAVAILABLE (the same request finishes it).
 */
export async function refundOrder(
  deps: RefundDeps,
  ref: OrderRef,
  input: RefundRequest,
  by: AuditActor,
): Promise<{ refund: RefundRow; replayed: boolean }> {
  const tabby = await tabbyRefundOf(deps, ref);
  for (;;) {
    const started = await start(deps, ref, input, by, tabby);
    const orderId = started.refund.orderId;
    if (started.kind === 'answered') return { refund: answer(started.refund), replayed: true };
    if (started.kind === 'busy') {
      const outcome = await waitForOther(deps.db, started.refund);
      if (outcome) return { refund: answer(outcome), replayed: true };
      continue;
    }
    const { refund, resumed } = started;
    let payment: ProviderPayment;
    try {
      payment = tabby ? await askTabby(tabby, refund) : await askProvider(deps, refund, resumed);
    } catch (error) {
      if (error instanceof ProviderRejectedError || error instanceof ProviderNotFoundError) {
        await failRefund(deps.db, refund.id, error.message);
        deps.log.warn({ orderId, refundId: refund.id, err: error }, 'refund refused by the payment provider');
        throw new AppError(422, 'REFUND_REJECTED');
      }
      if (error instanceof ProviderUnavailableError) {
        await releaseAttempt(deps.db, refund.id);
        deps.log.warn({ orderId, refundId: refund.id, err: error }, 'refund: payment provider unavailable');
        throw new AppError(503, 'REFUND_PROVIDER_UNAVAILABLE');
      }
      throw error;
    }
    const finished = await finish(deps, refund, payment, by, !uncaptured(tabby));
    if (finished) return { refund: finished, replayed: resumed };
    // Another request finished it meanwhile (after taking over a lapsed attempt): its answer.
    const current = await findRefund(deps.db, orderId, refund.id);
    if (current) return { refund: answer(current), replayed: true };
  }
}
