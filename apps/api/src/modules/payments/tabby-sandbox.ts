import { randomUUID } from 'node:crypto';
import { tabbyEligible } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from './schema.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  decimalOf,
  halalasOf,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayPayment,
  type PaymentGateway,
} from './provider.ts';
import { refuseCapture, refuseClose, refuseRefund } from './state.ts';
import {
  checkoutPayload,
  tabbyFacts,
  tabbyPaymentSchema,
  tabbyWebhookPaymentId,
  toTabbyPayment,
} from './tabby.ts';

/**
 * Tabby's published test buyers (docs.tabby.ai, "Testing Credentials", Saudi Arabia): with
 * `otp.success@tabby.ai` and +966500000001 the payment is authorised; +966500000002 is refused by
 * the pre-scoring before any page is shown; `otp.rejected@tabby.ai` is refused on Tabby's page.
 * The simulator decides on the same values, and approves any other buyer.
 */
export const TABBY_TEST_BUYERS = {
  approvedEmail: 'otp.success@tabby.ai',
  approvedPhone: '+966500000001',
  preScoringRejectedPhone: '+966500000002',
  rejectedEmail: 'otp.rejected@tabby.ai',
} as const;

/**
 * How long a session waits for the shopper before its payment expires. Tabby documents that an
 * unfinished session expires but not after how long; this is the simulator's choice.
 */
export const SIMULATED_SESSION_MINUTES = 30;

export interface TabbySimulatorOptions {
  /** The simulator's own hosted page for a payment (our server-rendered stand-in for Tabby's). */
  pageUrl: (paymentId: string, lang: 'ar' | 'en') => string;
  webhookSecret: () => string | undefined;
  now?: () => Date;
}

type Raw = Record<string, unknown> & { status: string; expires_at: string; buyer: { email: string } };

/**
 * The local stand-in for Tabby (development, tests, the demo), chosen when the shop has no Tabby
 * keys. Its "provider side" is the payment row (provider `tabby-sandbox`): `raw` holds the
 * payment object as Tabby's API answers it, read back by `fetch` through the same parser as the
 * real client, so the shop decides on the same facts for both. Each change locks the row, so
 * two captures at once cannot both take the last authorised riyal.
 */
export class TabbySimulator implements PaymentGateway {
  readonly name = 'tabby-sandbox' as const;
  readonly method = 'tabby' as const;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: TabbySimulatorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const { order } = request;
    // Tabby's pre-scoring: a refused buyer, or a total outside what Tabby takes, gets no page.
    if (order.buyer.phone === TABBY_TEST_BUYERS.preScoringRejectedPhone || !tabbyEligible(order.totalHalalas))
      return { outcome: 'rejected' };
    const id = randomUUID();
    const now = this.now();
    const { payment } = checkoutPayload(request, 'shop');
    const raw = {
      ...payment,
      id,
      status: 'CREATED',
      is_test: true,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIMULATED_SESSION_MINUTES * 60_000).toISOString(),
      captures: [],
      refunds: [],
      // Not in Tabby's payment object: where the simulator's page sends the shopper back.
      merchant_urls: request.returnUrls,
      lang: request.lang,
    };
    await this.db.insert(payments).values({
      id,
      provider: this.name,
      orderId: order.id,
      status: raw.status,
      amountHalalas: order.totalHalalas,
      currency: 'SAR',
      raw,
    });
    return { outcome: 'created', paymentId: id, redirectUrl: this.options.pageUrl(id, request.lang) };
  }

  async fetch(id: string): Promise<GatewayPayment> {
    return toTabbyPayment(await this.change(id, (raw) => raw));
  }

  /**
   * Where the simulator's page sends the shopper after deciding, as Tabby's hosted page does:
   * the session's success, cancel or failure address with `payment_id` added.
   */
  static returnUrl(payment: GatewayPayment): string | null {
    const urls = (payment.raw as { merchant_urls?: Record<'success' | 'cancel' | 'failure', string> })
      .merchant_urls;
    if (!urls) return null;
    const target = { authorised: urls.success, expired: urls.cancel, failed: urls.failure }[
      payment.state as 'authorised' | 'expired' | 'failed'
    ];
    if (!target) return null;
    const url = new URL(target, 'http://shop.invalid');
    url.searchParams.set('payment_id', payment.id);
    return target.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
  }

  /**
   * The shopper's answer on the simulator's page: approve (authorised, unless the buyer is
   * Tabby's rejected test buyer) or cancel (the payment expires, as Tabby's does). A payment
   * already decided keeps its decision.
   */
  async decide(id: string, answer: 'approve' | 'cancel'): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) => {
      if (raw.status !== 'CREATED') return raw;
      if (answer === 'cancel') return { ...raw, status: 'EXPIRED' };
      const rejected = raw.buyer.email.toLowerCase() === TABBY_TEST_BUYERS.rejectedEmail;
      return rejected
        ? { ...raw, status: 'REJECTED' }
        : { ...raw, status: 'AUTHORIZED', authorized_at: this.now().toISOString() };
    });
    return toTabbyPayment(after);
  }

  async capture(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) => {
      const facts = tabbyFacts(tabbyPaymentSchema.parse(raw));
      const captures = raw.captures as { amount: string; reference_id: string }[];
      if (this.sameMovement(captures, amountHalalas, referenceId)) return raw;
      reject(refuseCapture(facts, amountHalalas));
      const all = [...captures, this.movement(amountHalalas, referenceId)];
      // Tabby closes the payment itself once everything authorised was captured.
      const closed = facts.captured + amountHalalas === facts.amount;
      return { ...raw, captures: all, status: closed ? 'CLOSED' : raw.status };
    });
    return toTabbyPayment(after);
  }

  async close(id: string): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) => {
      reject(refuseClose(tabbyFacts(tabbyPaymentSchema.parse(raw))));
      return { ...raw, status: 'CLOSED', closed_at: this.now().toISOString() };
    });
    return toTabbyPayment(after);
  }

  async refund(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) => {
      const refunds = raw.refunds as { amount: string; reference_id: string }[];
      if (this.sameMovement(refunds, amountHalalas, referenceId)) return raw;
      reject(refuseRefund(tabbyFacts(tabbyPaymentSchema.parse(raw)), amountHalalas));
      return { ...raw, refunds: [...refunds, this.movement(amountHalalas, referenceId)] };
    });
    return toTabbyPayment(after);
  }

  webhookPaymentId(headers: Readonly<Record<string, unknown>>, body: unknown): string | null {
    return tabbyWebhookPaymentId(this.options.webhookSecret(), headers, body);
  }

  private movement(amountHalalas: number, referenceId: string) {
    return {
      id: randomUUID(),
      amount: decimalOf(amountHalalas),
      reference_id: referenceId,
      created_at: this.now().toISOString(),
    };
  }

  /**
   * A capture or refund with a reference id seen before is the same request again: nothing more
   * moves. The same reference with another amount is refused, as a reused idempotency key.
   */
  private sameMovement(
    done: { amount: string; reference_id: string }[],
    amount: number,
    referenceId: string,
  ) {
    const earlier = done.find((m) => m.reference_id === referenceId);
    if (!earlier) return false;
    if (halalasOf(earlier.amount) !== amount)
      throw new ProviderRejectedError(409, 'this reference_id was used for another amount');
    return true;
  }

  /** Reads the payment under a row lock, expires an unfinished one past its time, applies `next`. */
  private change(id: string, next: (raw: Raw) => Raw): Promise<Raw> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ raw: payments.raw })
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.provider, this.name)))
        .for('update');
      if (!row) throw new ProviderNotFoundError('the Tabby simulator does not know this payment');
      let raw = row.raw as Raw;
      if (raw.status === 'CREATED' && new Date(raw.expires_at) <= this.now())
        raw = { ...raw, status: 'EXPIRED' };
      const after = next(raw);
      if (after !== row.raw)
        await tx
          .update(payments)
          .set({ status: after.status, raw: after, updatedAt: new Date() })
          .where(eq(payments.id, id));
      return after;
    });
  }
}

function reject(refused: string | null): void {
  if (refused) throw new ProviderRejectedError(400, refused);
}
