import { isPayLater, payLaterMethods, type PayLaterMethod } from '@shop/contract';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { documentsOfOrder } from '../../modules/einvoices/service.ts';
import { claimCapture, endCapture, oweCapture, releaseCapture } from '../../modules/orders/capture.ts';
import { lockOrder, type OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder, orderIdOf, type OrderRef } from '../../modules/orders/service.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type GatewayPayment,
  type PaymentGateway,
} from '../../modules/payments/provider.ts';
import { storePayment } from '../../modules/payments/service.ts';
import { issueOrderInvoice } from '../einvoicing/issue.ts';
import { payLaterGateway, storedPayment, type PayLaterGateways } from './pay-later.ts';

/**
 * Buy now, pay later after the order (decisions 240, 244): the payment is authorised when the
 * order is placed and captured when it ships; a capture the provider could not take is owed
 * and retried; what is neither shipped nor closed by the capture deadline is captured or
 * closed by the shop's background job. Everything here reads the order's `payment_method` and
 * the gateway of that method, so each pay-later provider is served the same way.
 */

/** The pay-later methods the shop has a gateway for. */
export function payLaterGateways(
  deps: PayLaterGateways,
): { method: PayLaterMethod; gateway: PaymentGateway }[] {
  return payLaterMethods.flatMap((method) => {
    const gateway = payLaterGateway(deps, method);
    return gateway ? [{ method, gateway }] : [];
  });
}

/** Who acts when the background job captures or closes: recorded so in the audit log. */
export const PAYMENTS_JOB_ACTOR: AuditActor = { staffId: null, actor: 'payments-job', ip: '' };

/** How long a process may be acting on an order's capture before another may take over. */
export const CAPTURE_LEASE_MS = 5 * 60_000;

export type CaptureDeps = Pick<Shop, 'db' | 'log' | 'config'> & PayLaterGateways;

export interface CaptureRequest {
  /** Halalas; the whole authorised rest when left out. */
  amountHalalas?: number;
  /** The audit entry's action and actor; none for the capture at shipping (its step is audited). */
  audit?: { action: string; by: AuditActor };
}

/**
 * Captures an order's pay-later payment (all that is authorised and not captured, or
 * `amountHalalas` of it), then issues the order's e-invoice, dated at the capture: the supply.
 * The capture's reference is the order's own, so asking again after a crash never takes twice.
 * A payment no longer authorised (captured or closed meanwhile) is only recorded. Throws the
 * provider's errors; the order is then left as it was.
 */
export async function capturePayLater(
  deps: CaptureDeps,
  order: OrderRow,
  request: CaptureRequest = {},
): Promise<GatewayPayment> {
  const gateway = payLaterGateway(deps, order.paymentMethod);
  if (!gateway || !order.paymentId)
    throw new ProviderUnavailableError(`no gateway for ${order.paymentMethod} payments`);
  const before = await gateway.fetch(order.paymentId);
  let payment = before;
  if (before.state === 'authorised') {
    const rest = before.amount - before.captured;
    const amount = request.amountHalalas ?? rest;
    payment = await gateway.capture(
      before.id,
      amount,
      amount === rest ? `ship-${order.id}` : `part-${order.id}`,
    );
  }
  await deps.db.transaction(async (tx) => {
    await storePayment(tx, gateway.name, order.id, storedPayment(payment));
    const locked = await lockOrder(tx, order.id);
    if (!locked) return;
    // A part captured leaves the rest authorised until it is closed (`closePayLaterRest`).
    if (payment.state !== 'authorised') await endCapture(tx, order.id);
    const invoiced = (await documentsOfOrder(tx, order.id)).some((d) => d.kind === 'invoice');
    if (payment.captured > 0 && !invoiced)
      await issueOrderInvoice(tx, deps.config, { ...locked, paidAt: new Date() });
    if (request.audit && payment.captured > before.captured)
      await recordAudit(tx, {
        by: request.audit.by,
        action: request.audit.action,
        entityType: 'order',
        entityId: order.id,
        before: { number: order.number, capture: order.captureStatus, captured: before.captured / 100 },
        after: {
          number: order.number,
          capture: payment.state === 'authorised' ? 'awaiting' : null,
          captured: payment.captured / 100,
        },
      });
  });
  return payment;
}

/**
 * Shipping a pay-later order captures its payment. The shipping stands whatever the provider
 * answers: when the capture does not go through, the order is marked as owing it, and the
 * background job (or the member's "Capture now") takes it later. Null for a card's order.
 */
export async function captureOnShipping(deps: CaptureDeps, order: OrderRow): Promise<GatewayPayment | null> {
  if (!isPayLater(order.paymentMethod) || !order.paymentId) return null;
  try {
    return await capturePayLater(deps, order);
  } catch (error) {
    await oweCapture(deps.db, order.id);
    deps.log.error({ err: error, orderId: order.id }, 'capture at shipping failed: owed, retried later');
    return null;
  }
}

async function orderOr404(deps: CaptureDeps, ref: OrderRef): Promise<OrderRow> {
  const id = await orderIdOf(deps.db, ref);
  const order = id ? await findOrder(deps.db, id) : null;
  if (!order) throw notFound('ORDER_NOT_FOUND');
  return order;
}

/**
 * Takes the order for this request (as the job takes it), runs `act`, and lets it go when the
 * provider could not answer: 409 CAPTURE_NOT_OWED when nothing is authorised any more, 503
 * CAPTURE_UNAVAILABLE while another process is at it or the provider cannot be reached.
 */
async function withClaim<T>(
  deps: CaptureDeps,
  order: OrderRow,
  act: (claimed: OrderRow) => Promise<T>,
): Promise<T> {
  if (order.captureStatus === null) throw conflict('CAPTURE_NOT_OWED');
  const claimed = await claimCapture(deps.db, {
    now: new Date(),
    leaseMs: CAPTURE_LEASE_MS,
    due: [],
    orderId: order.id,
  });
  if (!claimed) throw new AppError(503, 'CAPTURE_UNAVAILABLE');
  try {
    return await act(claimed);
  } catch (error) {
    await releaseCapture(deps.db, order.id);
    if (
      error instanceof ProviderUnavailableError ||
      error instanceof ProviderRejectedError ||
      error instanceof ProviderNotFoundError
    ) {
      deps.log.warn({ err: error, orderId: order.id }, 'capture: the payment provider did not take it');
      throw new AppError(503, 'CAPTURE_UNAVAILABLE');
    }
    throw error;
  }
}

/**
 * "Capture now" on a shipped pay-later order whose capture is owed (a member): the same capture
 * as at shipping, with its audit entry.
 */
export async function captureNow(deps: CaptureDeps, ref: OrderRef, by: AuditActor): Promise<GatewayPayment> {
  const order = await orderOr404(deps, ref);
  if (order.fulfilment !== 'shipped' && order.fulfilment !== 'delivered') throw conflict('CAPTURE_NOT_OWED');
  return withClaim(deps, order, (claimed) =>
    capturePayLater(deps, claimed, { audit: { action: 'order.capture', by } }),
  );
}

/**
 * Captures `amountHalalas` of an authorised pay-later order (what was shipped), then gives up
 * the rest through `closeRest` (the refund use case: it closes the payment at the provider and,
 * the capture having issued the invoice, credits the closed rest like a partial refund).
 */
export async function capturePart(
  deps: CaptureDeps,
  ref: OrderRef,
  amountHalalas: number,
  by: AuditActor,
  closeRest: (order: OrderRow, restHalalas: number) => Promise<unknown>,
): Promise<void> {
  const order = await orderOr404(deps, ref);
  if (order.captureStatus === null || order.fulfilment === 'cancelled') throw conflict('CAPTURE_NOT_OWED');
  const gateway = payLaterGateway(deps, order.paymentMethod);
  if (!gateway || !order.paymentId) throw new AppError(503, 'CAPTURE_UNAVAILABLE');
  const payment = await withClaim(deps, order, async (claimed) => {
    const now = await gateway.fetch(claimed.paymentId!);
    if (now.state !== 'authorised') throw conflict('CAPTURE_NOT_OWED');
    if (!Number.isInteger(amountHalalas) || amountHalalas <= 0 || amountHalalas >= now.amount - now.captured)
      throw new AppError(422, 'CAPTURE_AMOUNT_INVALID', [{ path: 'amount', code: 'CAPTURE_AMOUNT_INVALID' }]);
    return capturePayLater(deps, claimed, { amountHalalas, audit: { action: 'order.capture_part', by } });
  });
  await closeRest(order, payment.amount - payment.captured);
}
