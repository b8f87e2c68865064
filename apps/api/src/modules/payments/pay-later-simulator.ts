import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from './schema.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  halalasOf,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayName,
  type GatewayPayment,
  type PayLaterMethod,
  type PaymentGateway,
  type WebhookRequest,
} from './provider.ts';
import { refuseCapture, refuseClose, refuseRefund } from './state.ts';

/**
 * How long a session waits for the shopper before its payment expires. Tabby documents that an
 * unfinished session expires but not after how long; Tamara expires a session not completed in
 * 30 minutes. The simulators take 30 minutes for both.
 */
export const SIMULATED_SESSION_MINUTES = 30;

export interface PayLaterSimulatorOptions {
  /** The simulator's own hosted page for a payment (our server-rendered stand-in for the provider's). */
  pageUrl: (paymentId: string, lang: 'ar' | 'en') => string;
  now?: () => Date;
}

/** A capture or a refund as the simulator keeps it, with our reference id. */
export interface SimulatedMovement {
  id: string;
  /** Riyals, as a number or the decimal string the provider writes. */
  amount: number | string;
  reference_id: string;
  created_at: string;
}

/** What every simulated provider object holds, whatever the provider names the rest. */
export type SimulatedRaw = Record<string, unknown> & { status: string; expires_at: string };

/**
 * The local stand-in for a pay-later provider (development, tests, the demo), chosen when the
 * shop has no keys for it. Its "provider side" is the payment row (provider `tabby-sandbox`,
 * `tamara-sandbox`): `raw` holds the object the provider's API would answer, read back by
 * `fetch` through the same parser as the real client, so the shop decides on the same facts for
 * both. Each change locks the row, so two captures at once cannot both take the last authorised
 * riyal; captures and refunds follow decision 240's guards and are idempotent by reference id.
 * A subclass says how its provider writes the object.
 */
export abstract class PayLaterSimulator<Raw extends SimulatedRaw> implements PaymentGateway {
  abstract readonly name: GatewayName;
  abstract readonly method: PayLaterMethod;
  protected readonly now: () => Date;
  /** The provider's word for a session waiting for the shopper, and for one that expired. */
  protected abstract readonly waiting: string;
  protected abstract readonly expired: string;

  constructor(
    protected readonly db: Db,
    protected readonly options: PayLaterSimulatorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The provider's object for a new session, or null when it refuses before any page. */
  protected abstract session(request: CheckoutRequest, id: string, expiresAt: Date): Raw | null;
  /** The provider's object read as the real client reads the API's answer. */
  protected abstract read(raw: Raw): GatewayPayment;
  /** The shopper's answer on the page, applied to a waiting session. */
  protected abstract answered(raw: Raw, answer: 'approve' | 'cancel'): Raw;
  protected abstract movements(raw: Raw, kind: 'captures' | 'refunds'): SimulatedMovement[];
  /** The object once `all` are its captures or refunds (with the status the provider then gives). */
  protected abstract withMovements(raw: Raw, kind: 'captures' | 'refunds', all: SimulatedMovement[]): Raw;
  /** The object once the uncaptured rest was given up. */
  protected abstract closed(raw: Raw): Raw;
  /** The session's address for each outcome, and what the provider adds to it for the shop. */
  protected abstract returnTo(raw: Raw): { success: string; cancel: string; failure: string } | null;
  protected abstract returnParams(payment: GatewayPayment): Record<string, string>;
  abstract webhookPaymentId(request: WebhookRequest): Promise<string | null>;

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const id = randomUUID();
    const now = this.now();
    const raw = this.session(request, id, new Date(now.getTime() + SIMULATED_SESSION_MINUTES * 60_000));
    if (!raw) return { outcome: 'rejected' };
    await this.db.insert(payments).values({
      id,
      provider: this.name,
      orderId: request.order.id,
      status: raw.status,
      amountHalalas: request.order.totalHalalas,
      currency: 'SAR',
      raw,
    });
    return { outcome: 'created', paymentId: id, redirectUrl: this.options.pageUrl(id, request.lang) };
  }

  async fetch(id: string): Promise<GatewayPayment> {
    return this.read(await this.change(id, (raw) => raw));
  }

  /**
   * Where the simulator's page sends the shopper after deciding, as the provider's hosted page
   * does: the session's success, cancel or failure address with the provider's parameters added.
   */
  returnUrl(payment: GatewayPayment): string | null {
    const urls = this.returnTo(payment.raw as Raw);
    if (!urls) return null;
    const outcome: Partial<Record<GatewayPayment['state'], string>> = {
      authorised: urls.success,
      expired: urls.cancel,
      failed: urls.failure,
    };
    const target = payment.awaitingMerchant ? urls.success : outcome[payment.state];
    if (!target) return null;
    const url = new URL(target, 'http://shop.invalid');
    for (const [key, value] of Object.entries(this.returnParams(payment))) url.searchParams.set(key, value);
    return target.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
  }

  /** The shopper's answer on the simulator's page; a payment already decided keeps its decision. */
  async decide(id: string, answer: 'approve' | 'cancel'): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) =>
      raw.status === this.waiting ? this.answered(raw, answer) : raw,
    );
    return this.read(after);
  }

  async capture(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    return this.move(id, 'captures', amountHalalas, referenceId);
  }

  async close(id: string): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) => {
      reject(refuseClose(this.read(raw)));
      return this.closed(raw);
    });
    return this.read(after);
  }

  async refund(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    return this.move(id, 'refunds', amountHalalas, referenceId);
  }

  /**
   * A capture or refund under decision 240's guards. One with a reference id seen before is the
   * same request again: nothing more moves; the same reference with another amount is refused,
   * as a reused idempotency key.
   */
  private async move(
    id: string,
    kind: 'captures' | 'refunds',
    amountHalalas: number,
    referenceId: string,
  ): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) => {
      const done = this.movements(raw, kind);
      const earlier = done.find((m) => m.reference_id === referenceId);
      if (earlier) {
        if (halalasOf(earlier.amount) !== amountHalalas)
          throw new ProviderRejectedError(409, 'this reference id was used for another amount');
        return raw;
      }
      const facts = this.read(raw);
      reject(kind === 'captures' ? refuseCapture(facts, amountHalalas) : refuseRefund(facts, amountHalalas));
      const movement: SimulatedMovement = {
        id: randomUUID(),
        amount: amountHalalas / 100,
        reference_id: referenceId,
        created_at: this.now().toISOString(),
      };
      return this.withMovements(raw, kind, [...done, movement]);
    });
    return this.read(after);
  }

  /** Reads the payment under a row lock, expires an unfinished one past its time, applies `next`. */
  protected change(id: string, next: (raw: Raw) => Raw): Promise<Raw> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ raw: payments.raw })
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.provider, this.name)))
        .for('update');
      if (!row) throw new ProviderNotFoundError(`the ${this.method} simulator does not know this payment`);
      let raw = row.raw as Raw;
      if (raw.status === this.waiting && new Date(raw.expires_at) <= this.now())
        raw = { ...raw, status: this.expired };
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
