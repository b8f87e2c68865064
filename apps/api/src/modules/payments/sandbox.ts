import { sandboxTestCards } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { OrderRow } from '../orders/lifecycle.ts';
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

  voidPayment(id: string): Promise<ProviderPayment> {
    return this.giveBack(id, 'voided');
  }

  refundPayment(id: string, amountHalalas: number): Promise<ProviderPayment> {
    return this.giveBack(id, 'refunded', amountHalalas);
  }

  private async giveBack(id: string, status: 'voided' | 'refunded', refunded?: number) {
    const current = await this.fetchPayment(id);
    if (current.status !== 'paid')
      throw new ProviderRejectedError(400, `a ${current.status} payment cannot be ${status}`);
    const now = new Date();
    const raw = {
      ...(current.raw as object),
      status,
      updated_at: now.toISOString(),
      ...(status === 'voided'
        ? { voided_at: now.toISOString() }
        : { refunded, refunded_at: now.toISOString() }),
    };
    await this.db.update(payments).set({ status, raw, updatedAt: now }).where(eq(payments.id, id));
    return toProviderPayment(raw);
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

/**
 * Charges a test card for an order, as Moyasar's form would: the payment id is the order's
 * `given_id`, so a second submission answers the first payment instead of charging again.
 */
export async function chargeSandboxCard(
  db: Db,
  order: OrderRow,
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
