import { and, asc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../orders/schema.ts';
import { payments, savedCards } from './schema.ts';
import type { CardToken, GatewayName, ProviderPayment } from './provider.ts';

/** The columns order pages read of how a payment was made (its source's type, card network and last four). */
export function paymentColumns(p: Pick<ProviderPayment, 'source'>) {
  return {
    sourceType: p.source.type || null,
    cardBrand: p.source.brand,
    cardLastFour: p.source.lastFour,
  };
}

/** Records a payment as the provider reported it (one row per payment id, kept current). */
export async function storePayment(
  db: Db,
  provider: GatewayName,
  orderId: string,
  p: Pick<ProviderPayment, 'id' | 'status' | 'amount' | 'currency' | 'message' | 'raw'> &
    Partial<Pick<ProviderPayment, 'source'>>,
): Promise<void> {
  const now = new Date();
  const values = {
    ...(p.source && paymentColumns({ source: p.source })),
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

export type SavedCardRow = typeof savedCards.$inferSelect;

/** Keeps a card the shopper saved; the same token again changes nothing. */
export async function saveCard(
  db: Db,
  userId: string,
  provider: 'moyasar' | 'sandbox',
  token: CardToken,
): Promise<void> {
  await db
    .insert(savedCards)
    .values({
      userId,
      provider,
      token: token.id,
      brand: token.brand,
      lastFour: token.lastFour,
      month: token.month,
      year: token.year,
      name: token.name,
    })
    .onConflictDoNothing({ target: [savedCards.provider, savedCards.token] });
}

/**
 * Whether a card with this expiry can no longer pay at `now`: a card is good through the last
 * day of its month, and the month is Riyadh's (UTC+3 all year). A two-digit year is this century's.
 */
export function cardExpired(card: Pick<SavedCardRow, 'month' | 'year'>, now: Date): boolean {
  const riyadh = new Date(now.getTime() + 3 * 3_600_000);
  const year = card.year < 100 ? 2000 + card.year : card.year;
  const thisYear = riyadh.getUTCFullYear();
  return year < thisYear || (year === thisYear && card.month < riyadh.getUTCMonth() + 1);
}

/** A shopper's saved cards at one provider, oldest first. */
export function savedCardsOf(
  db: Db,
  userId: string,
  provider: 'moyasar' | 'sandbox',
): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
}

/** One of the shopper's saved cards; null when the id is not one of theirs. */
export async function savedCardOf(db: Db, userId: string, cardId: string): Promise<SavedCardRow | null> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Forgets one of the shopper's saved cards; null when it was not one of theirs. */
export async function deleteSavedCard(db: Db, userId: string, cardId: string): Promise<SavedCardRow | null> {
  const [row] = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .returning();
  return row ?? null;
}

/** Whether a payment is an STC Pay payment waiting for its one-time code. */
export async function stcPayWaiting(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.id, paymentId), eq(payments.sourceType, 'stcpay'), eq(payments.status, 'initiated')),
    )
    .limit(1);
  return row !== undefined;
}

/** How the order pages name a card payment: its network and last four digits, by order. */
export async function cardsOfPayments(
  db: Db,
  paymentIds: string[],
): Promise<Map<string, { brand: string; lastFour: string }>> {
  const found = new Map<string, { brand: string; lastFour: string }>();
  if (paymentIds.length === 0) return found;
  const rows = await db
    .select({ id: payments.id, brand: payments.cardBrand, lastFour: payments.cardLastFour })
    .from(payments)
    .where(inArray(payments.id, paymentIds));
  for (const r of rows) if (r.brand && r.lastFour) found.set(r.id, { brand: r.brand, lastFour: r.lastFour });
  return found;
}
