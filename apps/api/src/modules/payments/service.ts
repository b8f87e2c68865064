import { and, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../orders/schema.ts';
import { payments } from './schema.ts';
import type { GatewayName, ProviderPayment } from './provider.ts';

/** Records a payment as the provider reported it (one row per payment id, kept current). */
export async function storePayment(
  db: Db,
  provider: GatewayName,
  orderId: string,
  p: Pick<ProviderPayment, 'id' | 'status' | 'amount' | 'currency' | 'message' | 'raw'>,
): Promise<void> {
  const now = new Date();
  const values = {
    status: p.status,
    amountHalalas: p.amount,
    currency: p.currency,
    message: p.message,
    raw: p.raw,
    updatedAt: now,
  };
  await db
    .insert(payments)
    .values({ id: p.id, provider, orderId, ...values })
    .onConflictDoUpdate({ target: payments.id, set: values });
}

/**
 * A provider's checkout session's payment, kept from its start (status `CREATED`) so that the
 * reconciliation can ask about it when neither the shopper nor a webhook comes back. One the
 * provider's side already wrote (the simulator) is left as it is.
 */
export async function recordSessionPayment(
  db: Db,
  provider: GatewayName,
  orderId: string,
  p: { id: string; amount: number },
): Promise<void> {
  await db
    .insert(payments)
    .values({ id: p.id, provider, orderId, status: 'CREATED', amountHalalas: p.amount, currency: 'SAR' })
    .onConflictDoNothing({ target: payments.id });
}

/**
 * Payments of `provider` whose order still awaits payment, last touched before `before`: a
 * pay-later checkout the shopper left without coming back and whose webhook never came.
 */
export async function awaitingProviderPayments(
  db: Db,
  provider: GatewayName,
  before: Date,
  limit: number,
): Promise<string[]> {
  return paymentIdsWith(
    db,
    [eq(payments.provider, provider), eq(orders.status, 'awaiting_payment')],
    before,
    limit,
  );
}

/** Ids of payments, with their order, matching `where` and last touched before `before`. */
async function paymentIdsWith(db: Db, where: SQL[], before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(...where, lt(payments.updatedAt, before)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The provider a stored payment was made with; null when the shop keeps no such payment. */
export async function providerOfPayment(db: Db, paymentId: string): Promise<GatewayName | null> {
  const [row] = await db
    .select({ provider: payments.provider })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.provider ?? null;
}

/** Keeps the stored payment in step with the provider after it was voided or refunded. */
export async function updatePaymentStatus(db: Db, paymentId: string, after: ProviderPayment): Promise<void> {
  await db
    .update(payments)
    .set({ status: after.status, raw: after.raw, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}

/**
 * Paid payments that no order took (wrong amount, a second payment, a late one) and that were
 * last touched before `before`: their money must be given back, or a late order paid.
 */
export async function strayPaidPayments(db: Db, before: Date, limit: number): Promise<string[]> {
  return paymentIdsWith(
    db,
    [
      inArray(payments.status, ['paid', 'captured']),
      sql`${orders.paymentId} is distinct from ${payments.id}`,
      ne(orders.status, 'awaiting_payment'),
    ],
    before,
    limit,
  );
}
