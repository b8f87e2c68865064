import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
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
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.status, ['paid', 'captured']),
        sql`${orders.paymentId} is distinct from ${payments.id}`,
        ne(orders.status, 'awaiting_payment'),
        lt(payments.updatedAt, before),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
