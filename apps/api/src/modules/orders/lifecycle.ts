import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { isPayLater, type PaymentMethod } from '@shop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { orderFulfilmentEvents, orderLines, orders, type OrderFulfilment } from './schema.ts';

/**
 * The state transitions of an order, on the orders module's own tables only. Each is one
 * conditional UPDATE on the order row (the status it leaves is in the WHERE clause), so when
 * two requests race — a callback and a webhook, two replays, a payment and the expiry task —
 * exactly one of them moves the order; the others see no row and change nothing. What a
 * transition means for stock and the cart is the checkout use case's to do
 * (`modules/checkout/`), with the units each transition returns.
 *
 *   awaiting_payment ──paid──► paid
 *          │ │ └──failed──► failed ─┐
 *          │ └──expired──► expired ─┴─late payment, stock still there──► paid
 *          └──cancelled by staff──► cancelled
 *
 * Fulfilment is kept beside the status (decisions 110 and 211): a paid order moves forward
 * through preparing, ready, shipped (`shipped_at`) and delivered (`received`, `delivered_at`),
 * each step an event; or it is cancelled before shipping. The refunds move its status on to
 * partially_refunded or refunded without touching those.
 */

export type OrderRow = typeof orders.$inferSelect;

/** Units of one variant on an order, in variant-id order (the order stock rows are locked in). */
export interface OrderUnits {
  productId: number;
  variantId: number;
  quantity: number;
}

/** An order that has just changed state, with the units it holds. */
export interface Transition {
  order: OrderRow;
  units: OrderUnits[];
}

async function unitsOf(tx: Db, orderIds: string[]): Promise<OrderUnits[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.variantId));
}

async function withUnits(tx: Db, row: OrderRow | undefined): Promise<Transition | null> {
  return row ? { order: row, units: await unitsOf(tx, [row.id]) } : null;
}

/**
 * The order out of awaiting_payment (no payment has taken it), with the units it holds; null
 * when it was not awaiting payment any more. Every transition out of that state is this one
 * conditional UPDATE, so of two at once exactly one moves the order.
 */
async function leaveAwaiting(
  tx: Tx,
  orderId: string,
  changes: Partial<typeof orders.$inferInsert>,
): Promise<Transition | null> {
  const [row] = await tx
    .update(orders)
    .set(changes)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), isNull(orders.paymentId)))
    .returning();
  return withUnits(tx, row);
}

/** awaiting_payment → paid by `paymentId`. Null when the order was not awaiting payment. */
export async function markPaid(
  tx: Tx,
  orderId: string,
  paymentId: string,
  now = new Date(),
  paymentMethod: PaymentMethod = 'card',
) {
  return leaveAwaiting(tx, orderId, {
    status: 'paid',
    paymentId,
    paidAt: now,
    updatedAt: now,
    paymentMethod,
    // Authorised, not captured: the capture deadline watches it from now (decision 244).
    captureStatus: isPayLater(paymentMethod) ? 'awaiting' : null,
  });
}

/**
 * failed or expired → paid, for a payment that arrived after its order gave its stock back.
 * Null when the order is not failed or expired. The caller takes the stock again, and rolls
 * this back when it is gone.
 */
export async function markPaidLate(
  tx: Tx,
  orderId: string,
  paymentId: string,
  now = new Date(),
  paymentMethod: PaymentMethod = 'card',
) {
  const [row] = await tx
    .update(orders)
    .set({ status: 'paid', paymentId, paidAt: now, updatedAt: now, paymentMethod })
    .where(
      and(eq(orders.id, orderId), inArray(orders.status, ['failed', 'expired']), isNull(orders.paymentId)),
    )
    .returning();
  return withUnits(tx, row);
}

/** awaiting_payment → failed or expired. Null when the order was not awaiting payment. */
export async function endUnpaid(
  tx: Tx,
  orderId: string,
  status: 'failed' | 'expired',
  now = new Date(),
): Promise<Transition | null> {
  return leaveAwaiting(tx, orderId, { status, updatedAt: now });
}

/**
 * awaiting_payment → expired for every order of the shopper still waiting for payment: a new
 * order supersedes them. Returns the units they held, to be given back.
 */
export async function supersedeAwaiting(tx: Tx, userId: string, now = new Date()): Promise<OrderUnits[]> {
  const superseded = await tx
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  return unitsOf(
    tx,
    superseded.map((o) => o.id),
  );
}

/** An order as the back office names it: by its number or by its id. */
export type OrderRef = { number: number } | { id: string };

/**
 * The order row, locked until the transaction ends (so no transition can pass it meanwhile);
 * null when there is no such order.
 */
export async function lockOrder(tx: Tx, ref: string | OrderRef): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(orderWhere(ref)).for('update');
  return row ?? null;
}

/** The condition that picks the order of an id or a reference. */
export function orderWhere(ref: string | OrderRef) {
  if (typeof ref === 'string') return eq(orders.id, ref);
  return 'id' in ref ? eq(orders.id, ref.id) : eq(orders.number, ref.number);
}

/**
 * Statuses an order can move on in its fulfilment: paid, and partially refunded (what was not
 * refunded still goes to the shopper). Written out because the refund statuses are not in the
 * column's type here.
 */
const fulfillable = sql`${orders.status} in ('paid', 'partially_refunded')`;

/** The fulfilment steps, in the order an order takes them. */
const STEPS = ['unfulfilled', 'preparing', 'ready', 'shipped', 'delivered'] as const;
export type FulfilmentStepTo = Exclude<(typeof STEPS)[number], 'unfulfilled'>;

/** The steps an order at `from` may still take (forward only; none once cancelled). */
export function stepsAfter(from: OrderFulfilment): FulfilmentStepTo[] {
  const at = (STEPS as readonly string[]).indexOf(from);
  if (at < 0) return [];
  return STEPS.slice(at + 1) as FulfilmentStepTo[];
}

/** Fulfilment before which an order may still be cancelled: it has not left the shop. */
const BEFORE_SHIPPING: OrderFulfilment[] = ['unfulfilled', 'preparing', 'ready'];

/** A shipment's details, kept with its step. */
export interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

export type FulfilmentEventRow = typeof orderFulfilmentEvents.$inferSelect;

/**
 * A paid order moved forward to `to` by a staff member (one conditional UPDATE: the steps it may
 * come from are in the WHERE clause, so of two members at once exactly one moves it), with the
 * step written as an event. `shipped_at` and `received`/`delivered_at` are set with their steps,
 * for everything that reads them. Null when the order cannot take that step.
 */
export async function advanceFulfilment(
  tx: Tx,
  orderId: string,
  to: FulfilmentStepTo,
  staffId: string | null,
  shipment: Shipment | null = null,
  now = new Date(),
): Promise<OrderRow | null> {
  const from = STEPS.slice(0, STEPS.indexOf(to));
  const [row] = await tx
    .update(orders)
    .set({
      fulfilment: to,
      updatedAt: now,
      ...(to === 'shipped' && { shippedAt: now, shippedBy: staffId }),
      ...(to === 'delivered' && { received: true, deliveredAt: now, deliveredBy: staffId }),
    })
    .where(and(eq(orders.id, orderId), fulfillable, inArray(orders.fulfilment, [...from])))
    .returning();
  if (!row) return null;
  await tx.insert(orderFulfilmentEvents).values({
    orderId,
    status: to,
    at: now,
    staffId,
    ...(to === 'shipped' && shipment),
  });
  return row;
}

/**
 * A paid order that has not shipped marked cancelled by a staff member, with its event; null
 * when it has shipped, is cancelled already or is not paid. Giving the money and the stock back
 * is the refund's (the cancel use case runs it next).
 */
export async function cancelFulfilment(
  tx: Tx,
  orderId: string,
  staffId: string | null,
  now = new Date(),
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ fulfilment: 'cancelled', cancelledAt: now, cancelledBy: staffId, updatedAt: now })
    .where(and(eq(orders.id, orderId), fulfillable, inArray(orders.fulfilment, BEFORE_SHIPPING)))
    .returning();
  if (!row) return null;
  await tx.insert(orderFulfilmentEvents).values({ orderId, status: 'cancelled', at: now, staffId });
  return row;
}

/**
 * awaiting_payment → cancelled, by a staff member, with the units the order held (to be given
 * back). Null when the order was not awaiting payment: a payment, the expiry or another
 * member got there first. A payment arriving later finds the order cancelled and is given back.
 */
export async function cancelUnpaid(
  tx: Tx,
  orderId: string,
  staffId: string,
  now = new Date(),
): Promise<Transition | null> {
  return leaveAwaiting(tx, orderId, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledBy: staffId,
    updatedAt: now,
  });
}

/**
 * Orders whose payment can be given back (in part), from the first refund to the last. The
 * fulfilment steps keep the status `paid` (they are beside it), so a shipped or delivered order
 * is refundable too.
 */
export const REFUNDABLE_STATUSES = ['paid', 'partially_refunded'] as const;

/**
 * Counts `amountHalalas` more as refunded: `partially_refunded`, or `refunded` once the whole
 * total is back. Null when the order is not refundable or the amount is more than what is left
 * (the WHERE clause checks both, so two refunds cannot pass the total together).
 */
export async function recordRefund(
  tx: Tx,
  orderId: string,
  amountHalalas: number,
  now = new Date(),
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      refundedHalalas: sql`${orders.refundedHalalas} + ${amountHalalas}`,
      status: sql`case when ${orders.refundedHalalas} + ${amountHalalas} = ${orders.totalHalalas} then 'refunded' else 'partially_refunded' end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, [...REFUNDABLE_STATUSES]),
        lte(sql`${orders.refundedHalalas} + ${amountHalalas}`, orders.totalHalalas),
      ),
    )
    .returning();
  return row ?? null;
}
