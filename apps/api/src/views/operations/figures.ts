import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { einvoiceDocuments } from '../../modules/einvoices/schema.ts';
import { messages } from '../../modules/messages/schema.ts';
import { orders } from '../../modules/orders/schema.ts';
import { payments } from '../../modules/payments/schema.ts';
import { refunds } from '../../modules/refunds/schema.ts';

/** One row of a business figure: its labels and how many rows of the shop have them. */
export interface FigureRow {
  labels: Record<string, string>;
  value: number;
}

/**
 * What the shop has done, from its own tables: orders by status, payments by provider, method
 * and status, refunds by status, e-invoices by status (the queued ones are the reporting
 * backlog) with the age of the oldest one still queued, and the messages to shoppers (e-mail,
 * SMS, WhatsApp) waiting in their outbox by channel, with the age of the oldest waiting one.
 * Read from the database rather than counted in memory, so every process of the shop reports
 * the same totals, a restart loses nothing, and orders placed by another process are counted
 * too. A card payment's method is its network when that is mada
 * (Saudi debit cards are reported apart from credit cards), else the provider's source type
 * (creditcard, applepay, stcpay).
 */
export async function businessFigures(db: Db): Promise<{
  orders: FigureRow[];
  payments: FigureRow[];
  refunds: FigureRow[];
  einvoices: FigureRow[];
  oldestQueuedEinvoiceSeconds: number;
  messagesWaiting: FigureRow[];
  oldestWaitingMessageSeconds: number;
}> {
  // Only the waiting messages are read (the outbox's partial index holds them), never the
  // sent ones, which grow with every order.
  const waiting = inArray(messages.status, ['queued', 'sending']);
  const method = sql<string>`case
    when ${payments.raw} -> 'source' ->> 'company' = 'mada' then 'mada'
    else coalesce(${payments.raw} -> 'source' ->> 'type', 'unknown') end`;
  const [orderRows, paymentRows, refundRows, einvoiceRows, [oldest], messageRows] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({ provider: payments.provider, method, status: payments.status, n: count() })
      .from(payments)
      .groupBy(payments.provider, method, payments.status),
    db.select({ status: refunds.status, n: count() }).from(refunds).groupBy(refunds.status),
    db
      .select({ kind: einvoiceDocuments.kind, status: einvoiceDocuments.status, n: count() })
      .from(einvoiceDocuments)
      .groupBy(einvoiceDocuments.kind, einvoiceDocuments.status),
    db
      .select({ since: sql<string | null>`min(${einvoiceDocuments.issuedAt})` })
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.status, 'queued')),
    db
      .select({
        channel: messages.channel,
        status: messages.status,
        n: count(),
        since: sql<string>`min(${messages.createdAt})`,
      })
      .from(messages)
      .where(waiting)
      .groupBy(messages.channel, messages.status),
  ]);
  const ageSeconds = (since: string | null | undefined) =>
    since ? Math.max(0, (Date.now() - new Date(since).getTime()) / 1000) : 0;
  return {
    orders: orderRows.map((r) => ({ labels: { status: r.status }, value: r.n })),
    payments: paymentRows.map((r) => ({
      labels: { provider: r.provider, method: r.method, status: r.status },
      value: r.n,
    })),
    refunds: refundRows.map((r) => ({ labels: { status: r.status }, value: r.n })),
    einvoices: einvoiceRows.map((r) => ({ labels: { kind: r.kind, status: r.status }, value: r.n })),
    oldestQueuedEinvoiceSeconds: ageSeconds(oldest?.since),
    messagesWaiting: messageRows.map((r) => ({
      labels: { channel: r.channel, status: r.status },
      value: r.n,
    })),
    oldestWaitingMessageSeconds: Math.max(0, ...messageRows.map((r) => ageSeconds(r.since))),
  };
}
