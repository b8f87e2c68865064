import { sandboxTestCards } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from './schema.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  toProviderPayment,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.ts';

/**
 * The local stand-in for Moyasar (development, tests, the demo): it answers Moyasar's payment
 * objects for Moyasar's documented test cards. Its "provider side" is the payment row itself:
 * `raw` holds the Moyasar-shaped object, read back by `fetchPayment` exactly as the Moyasar
 * adapter reads the REST API, so verification runs the same code for both.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Db) {}

  async fetchPayment(id: string): Promise<ProviderPayment> {
    const [row] = await this.db
      .select({ raw: payments.raw })
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.provider, 'sandbox')))
      .limit(1);
    if (!row) throw new ProviderNotFoundError('the sandbox does not know this payment');
    return toProviderPayment(row.raw);
  }

  async voidPayment(id: string): Promise<ProviderPayment> {
    const current = await this.fetchPayment(id);
    if (current.status !== 'paid' || current.refunded > 0)
      throw new ProviderRejectedError(400, `a ${current.status} payment cannot be voided`);
    const now = new Date().toISOString();
    const raw = { ...(current.raw as object), status: 'voided', updated_at: now, voided_at: now };
    await this.store(id, raw);
    return toProviderPayment(raw);
  }

  /**
   * As Moyasar refunds: any part of what is left, several times; `refunded` adds up and the
   * status turns `refunded` when the whole amount is back. The conditional update makes two
   * refunds at once add up instead of one overwriting the other.
   */
  async refundPayment(id: string, amountHalalas: number): Promise<ProviderPayment> {
    const current = await this.fetchPayment(id);
    if (current.status !== 'paid')
      throw new ProviderRejectedError(400, `a ${current.status} payment cannot be refunded`);
    if (!Number.isInteger(amountHalalas) || amountHalalas <= 0)
      throw new ProviderRejectedError(400, 'the amount must be a positive number of halalas');
    const refunded = current.refunded + amountHalalas;
    if (refunded > current.amount)
      throw new ProviderRejectedError(400, 'the amount is more than what is left of the payment');
    const now = new Date().toISOString();
    const raw = {
      ...(current.raw as object),
      status: refunded === current.amount ? 'refunded' : 'paid',
      refunded,
      refunded_at: now,
      updated_at: now,
    };
    const stored = await this.store(id, raw, current.refunded);
    if (!stored) throw new ProviderRejectedError(409, 'the payment changed meanwhile; try again');
    return stored;
  }

  /** Writes the new object; with `refundedBefore`, only if nothing was refunded meanwhile. */
  private async store(id: string, raw: Record<string, unknown>, refundedBefore?: number) {
    const status = String(raw.status);
    const where =
      refundedBefore === undefined
        ? eq(payments.id, id)
        : and(
            eq(payments.id, id),
            sql`coalesce((${payments.raw} ->> 'refunded')::int, 0) = ${refundedBefore}`,
          );
    const updated = await this.db
      .update(payments)
      .set({ status, raw, updatedAt: new Date() })
      .where(where)
      .returning({ id: payments.id });
    return updated.length > 0 ? toProviderPayment(raw) : null;
  }
}

export interface SandboxCard {
  number: string;
  name: string;
  month: number;
  year: number;
  cvc: string;
}

function isTestCard(number: string): number is keyof typeof sandboxTestCards {
  return Object.hasOwn(sandboxTestCards, number);
}

/** What a payment records of the order it pays: Moyasar's form sends the same. */
export interface OrderToCharge {
  id: string;
  /** The payment's id, chosen by the shop: one order, one payment. */
  paymentGivenId: string;
  /** The payment's description. */
  note: string;
}

/**
 * Charges a test card for an order, as Moyasar's form would: the payment id is the order's
 * `given_id`, so a second submission answers the first payment instead of charging again.
 */
export async function chargeSandboxCard(
  db: Db,
  order: OrderToCharge,
  card: SandboxCard,
  amountHalalas: number,
  now = new Date(),
): Promise<ProviderPayment> {
  if (!isTestCard(card.number)) throw badRequest('PAYMENT_CARD_INVALID', 'number');
  const year = card.year < 100 ? 2000 + card.year : card.year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (card.month - 1) < thisMonth) throw badRequest('PAYMENT_CARD_EXPIRED', 'month');
  const outcome = sandboxTestCards[card.number];
  const raw = {
    id: order.paymentGivenId,
    status: outcome.status,
    amount: amountHalalas,
    fee: 0,
    currency: 'SAR',
    refunded: 0,
    captured: outcome.status === 'paid' ? amountHalalas : 0,
    description: order.note,
    metadata: { order_id: order.id },
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    source: {
      type: 'creditcard',
      company: outcome.network,
      name: card.name,
      number: `XXXX-XXXX-XXXX-${card.number.slice(-4)}`,
      message: outcome.message,
    },
  };
  await db
    .insert(payments)
    .values({
      id: order.paymentGivenId,
      provider: 'sandbox',
      orderId: order.id,
      status: outcome.status,
      amountHalalas,
      currency: 'SAR',
      message: outcome.message,
      raw,
    })
    .onConflictDoNothing({ target: payments.id });
  // Whether this call or an earlier one recorded it, the stored payment is the answer.
  return new SandboxProvider(db).fetchPayment(order.paymentGivenId);
}
