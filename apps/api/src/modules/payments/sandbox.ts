import { sandboxTestCards } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { randomBytes } from 'node:crypto';
import { payments, sandboxTokens } from './schema.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  toCardToken,
  toProviderPayment,
  type CardToken,
  type NewPayment,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.ts';
import { paymentColumns } from './service.ts';

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

  /**
   * As Moyasar creates a payment from the server: a saved card's token is charged at once (the
   * sandbox asks for no 3-D Secure), an STC Pay payment waits for its one-time code, a sandbox
   * Apple Pay token is approved. The id is the order's `given_id`: asked twice, the first
   * payment is the answer.
   */
  async createPayment(request: NewPayment): Promise<ProviderPayment> {
    const now = new Date();
    const base = {
      id: request.givenId,
      amount: request.amount,
      fee: 0,
      currency: 'SAR',
      refunded: 0,
      description: request.description,
      callback_url: request.callbackUrl,
      metadata: request.metadata,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    let raw: Record<string, unknown>;
    const source = request.source;
    if (source.type === 'token') {
      const token = await this.token(source.token);
      if (!token || token.status !== 'active') throw new ProviderRejectedError(400, 'the token is not valid');
      const outcome = outcomeOfToken(token);
      raw = {
        ...base,
        status: outcome.status,
        captured: outcome.status === 'paid' ? request.amount : 0,
        source: {
          type: 'token',
          company: token.brand,
          name: token.name,
          number: `XXXX-XXXX-XXXX-${token.lastFour}`,
          message: outcome.message,
        },
      };
    } else if (source.type === 'stcpay') {
      if (!/^05[0-9]{8}$/.test(source.mobile)) throw new ProviderRejectedError(400, 'mobile is invalid');
      raw = {
        ...base,
        status: 'initiated',
        captured: 0,
        source: {
          type: 'stcpay',
          mobile: source.mobile,
          // Not an address anyone can reach: the sandbox's submitOtp reads the payment itself.
          transaction_url: `sandbox://stcpay/${request.givenId}/proceed`,
          message: null,
        },
      };
    } else {
      const approved = source.token === SANDBOX_APPLE_PAY_TOKEN;
      raw = {
        ...base,
        status: approved ? 'paid' : 'failed',
        captured: approved ? request.amount : 0,
        source: {
          type: 'applepay',
          company: 'visa',
          name: null,
          number: 'XXXX-XXXX-XXXX-1111',
          message: approved ? 'APPROVED' : 'DECLINED',
        },
      };
    }
    await recordSandboxPayment(this.db, request.metadata.order_id, raw);
    return this.fetchPayment(request.givenId);
  }

  /**
   * STC Pay's one-time code, as Moyasar's sandbox documents them: 123456 and 000000 pay,
   * 111111 is refused for insufficient funds, 444444 times out (the payment fails); any other
   * code is refused and the payment keeps waiting, so the shopper may type it again.
   */
  async submitOtp(payment: ProviderPayment, otp: string): Promise<ProviderPayment> {
    const current = await this.fetchPayment(payment.id);
    if (current.source.type !== 'stcpay' || current.status !== 'initiated')
      throw new ProviderRejectedError(400, `a ${current.status} payment takes no code`);
    const outcome = STCPAY_SANDBOX_CODES[otp];
    if (!outcome) throw new ProviderRejectedError(400, 'Invalid OTP');
    const now = new Date().toISOString();
    const raw = {
      ...(current.raw as Record<string, unknown>),
      status: outcome.status,
      captured: outcome.status === 'paid' ? current.amount : 0,
      updated_at: now,
      source: { ...(current.raw as { source: object }).source, message: outcome.message },
    };
    await this.store(payment.id, raw);
    return toProviderPayment(raw);
  }

  async fetchToken(id: string): Promise<CardToken> {
    const token = await this.token(id);
    if (!token) throw new ProviderNotFoundError('the sandbox does not know this token');
    return token;
  }

  async deleteToken(id: string): Promise<void> {
    await this.db.delete(sandboxTokens).where(eq(sandboxTokens.id, id));
  }

  private async token(id: string): Promise<CardToken | null> {
    const [row] = await this.db.select().from(sandboxTokens).where(eq(sandboxTokens.id, id)).limit(1);
    return row ? toCardToken(row.raw) : null;
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
      .set({ status, raw, message: toProviderPayment(raw).message, updatedAt: new Date() })
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
  /** The shopper ticked "save this card": Moyasar's `save_card`, answered with `source.token`. */
  saveCard?: boolean | undefined;
}

/** The Apple Pay token the sandbox's Apple Pay button sends: approved. Any other is declined. */
export const SANDBOX_APPLE_PAY_TOKEN = 'sandbox-applepay-approved';

/** STC Pay's test codes in Moyasar's sandbox, and what each does to the payment. */
const STCPAY_SANDBOX_CODES: Record<string, { status: 'paid' | 'failed'; message: string }> = {
  '123456': { status: 'paid', message: 'APPROVED' },
  '000000': { status: 'paid', message: 'APPROVED' },
  '111111': { status: 'failed', message: 'INSUFFICIENT FUNDS' },
  '444444': { status: 'failed', message: 'TIMEOUT' },
};

/** A token's card answers as the test card it was saved from (same network, same last four). */
function outcomeOfToken(token: CardToken): { status: 'paid' | 'failed'; message: string } {
  const card = Object.entries(sandboxTestCards).find(
    ([number, c]) => c.network === token.brand && number.endsWith(token.lastFour),
  );
  return card ? card[1] : { status: 'failed', message: 'DECLINED' };
}

/** A sandbox token id shaped like Moyasar's (`token_` and 30 letters and digits). */
function sandboxTokenId(): string {
  return `token_${randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 30)}`;
}

/** Records a payment the sandbox made; one already recorded under the same id stays as it was. */
async function recordSandboxPayment(db: Db, orderId: string, raw: Record<string, unknown>): Promise<void> {
  const p = toProviderPayment(raw);
  await db
    .insert(payments)
    .values({
      id: p.id,
      provider: 'sandbox',
      orderId,
      status: p.status,
      amountHalalas: p.amount,
      currency: 'SAR',
      message: p.message,
      raw,
      ...paymentColumns(p),
    })
    .onConflictDoNothing({ target: payments.id });
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
  const existing = await new SandboxProvider(db).fetchPayment(order.paymentGivenId).catch(() => null);
  if (existing) return existing;
  // A card is saved only when its payment goes through, as Moyasar activates the token then.
  let token: string | null = null;
  if (card.saveCard && outcome.status === 'paid') {
    token = sandboxTokenId();
    const raw = {
      id: token,
      status: 'active',
      brand: outcome.network,
      funding: 'credit',
      country: 'SA',
      month: String(card.month).padStart(2, '0'),
      year: String(year),
      name: card.name,
      last_four: card.number.slice(-4),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await db.insert(sandboxTokens).values({ id: token, raw });
  }
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
      ...(token && { token }),
    },
  };
  await recordSandboxPayment(db, order.id, raw);
  // Whether this call or an earlier one recorded it, the stored payment is the answer.
  return new SandboxProvider(db).fetchPayment(order.paymentGivenId);
}
