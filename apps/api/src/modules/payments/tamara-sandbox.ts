import { payLaterEligible } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import type { CheckoutRequest, GatewayPayment, WebhookRequest } from './provider.ts';
import {
  PayLaterSimulator,
  type PayLaterSimulatorOptions,
  type SimulatedMovement,
  type SimulatedRaw,
} from './pay-later-simulator.ts';
import { sar, tamaraCheckoutPayload, tamaraWebhookPaymentId, toTamaraPayment } from './tamara.ts';

/**
 * Tamara's published test customers for Saudi Arabia (docs.tamara.co, "KSA Testing Guide"): the
 * phone +966 544337866 is approved, +966 526422337 is declined. The simulator declines the
 * second on its page and approves any other buyer, as Tamara's sandbox does with a new number.
 */
export const TAMARA_TEST_CUSTOMERS = {
  approvedPhone: '+966544337866',
  declinedPhone: '+966526422337',
} as const;

export interface TamaraSimulatorOptions extends PayLaterSimulatorOptions {
  notificationKey: () => string | undefined;
}

type Raw = SimulatedRaw & {
  consumer: { phone_number: string };
  total_amount: { amount: number; currency: string };
  merchant_url?: { success: string; cancel: string; failure: string };
  transactions: { captures: SimulatedMovement[]; refunds: SimulatedMovement[] };
};

/** Two ways of writing one Saudi mobile (`05…`, `+9665…`) compared by its last nine digits. */
const sameMobile = (a: string, b: string) =>
  a.replace(/\D/g, '').slice(-9) === b.replace(/\D/g, '').slice(-9);

const sum = (list: SimulatedMovement[]) =>
  list.reduce((total, m) => total + Math.round(Number(m.amount) * 100), 0);

/**
 * The local stand-in for Tamara (provider `tamara-sandbox`), chosen while payments are simulated:
 * its "provider side" is the order object as `GET /orders/{order_id}` answers it (decision 242).
 * A total outside Tamara's limits gets no session (Tamara's `POST /checkout` refuses it); on the
 * page the declined test phone is declined, anyone else approved, waiting for the shop's
 * `authorise`; a cancelled or abandoned session expires (Tamara: not completed in 30 minutes).
 */
export class TamaraSimulator extends PayLaterSimulator<Raw> {
  readonly name = 'tamara-sandbox' as const;
  readonly method = 'tamara' as const;
  protected readonly waiting = 'new';
  protected readonly expired = 'expired';

  constructor(
    db: Db,
    private readonly tamaraOptions: TamaraSimulatorOptions,
  ) {
    super(db, tamaraOptions);
  }

  protected session(request: CheckoutRequest, id: string, expiresAt: Date): Raw | null {
    if (!payLaterEligible('tamara', request.order.totalHalalas)) return null;
    return {
      ...tamaraCheckoutPayload(request),
      order_id: id,
      status: 'new',
      created_at: this.now().toISOString(),
      expires_at: expiresAt.toISOString(),
      captured_amount: sar(0),
      refunded_amount: sar(0),
      canceled_amount: sar(0),
      transactions: { captures: [], refunds: [] },
    };
  }

  protected read(raw: Raw): GatewayPayment {
    return toTamaraPayment(raw);
  }

  protected answered(raw: Raw, answer: 'approve' | 'cancel'): Raw {
    if (answer === 'cancel') return { ...raw, status: 'expired' };
    if (sameMobile(raw.consumer.phone_number, TAMARA_TEST_CUSTOMERS.declinedPhone))
      return { ...raw, status: 'declined' };
    return { ...raw, status: 'approved', approved_at: this.now().toISOString() };
  }

  /** The shop's acknowledgement of an approved order; asking again changes nothing. */
  async authorise(id: string): Promise<GatewayPayment> {
    const after = await this.change(id, (raw) =>
      raw.status === 'approved'
        ? { ...raw, status: 'authorised', authorised_at: this.now().toISOString() }
        : raw,
    );
    return this.read(after);
  }

  protected movements(raw: Raw, kind: 'captures' | 'refunds'): SimulatedMovement[] {
    return raw.transactions[kind];
  }

  protected withMovements(raw: Raw, kind: 'captures' | 'refunds', all: SimulatedMovement[]): Raw {
    const transactions = { ...raw.transactions, [kind]: all };
    const total = Math.round(raw.total_amount.amount * 100);
    const captured = sum(transactions.captures);
    const refunded = sum(transactions.refunds);
    let status = captured === total ? 'fully_captured' : 'partially_captured';
    if (refunded > 0) status = refunded >= captured ? 'fully_refunded' : 'partially_refunded';
    return {
      ...raw,
      transactions,
      status,
      captured_amount: sar(captured),
      refunded_amount: sar(refunded),
      // Tamara's own names for our reference ids.
      ...(kind === 'refunds' && {
        transactions: {
          ...transactions,
          refunds: all.map((m) => ({ ...m, merchant_refund_id: m.reference_id })),
        },
      }),
    };
  }

  protected closed(raw: Raw): Raw {
    const total = Math.round(raw.total_amount.amount * 100);
    const rest = total - sum(raw.transactions.captures);
    return { ...raw, status: 'canceled', canceled_amount: sar(rest), canceled_at: this.now().toISOString() };
  }

  protected returnTo(raw: Raw) {
    return raw.merchant_url ?? null;
  }

  /** Tamara's page adds the order's id and its word for the outcome. */
  protected returnParams(payment: GatewayPayment): Record<string, string> {
    return { orderId: payment.id, paymentStatus: payment.providerStatus };
  }

  webhookPaymentId(request: WebhookRequest): Promise<string | null> {
    return tamaraWebhookPaymentId(this.tamaraOptions.notificationKey(), request);
  }
}
