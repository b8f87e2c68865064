import { tabbyEligible } from '@shop/contract';
import {
  decimalOf,
  halalasOf,
  type CheckoutRequest,
  type GatewayPayment,
  type WebhookRequest,
} from './provider.ts';
import {
  PayLaterSimulator,
  type PayLaterSimulatorOptions,
  type SimulatedMovement,
  type SimulatedRaw,
} from './pay-later-simulator.ts';
import {
  checkoutPayload,
  tabbyFacts,
  tabbyPaymentSchema,
  tabbyWebhookPaymentId,
  toTabbyPayment,
} from './tabby.ts';

export { SIMULATED_SESSION_MINUTES } from './pay-later-simulator.ts';

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

export interface TabbySimulatorOptions extends PayLaterSimulatorOptions {
  webhookSecret: () => string | undefined;
}

type Raw = SimulatedRaw & {
  buyer: { email: string };
  captures: SimulatedMovement[];
  refunds: SimulatedMovement[];
  merchant_urls?: { success: string; cancel: string; failure: string };
};

/**
 * The local stand-in for Tabby (provider `tabby-sandbox`), chosen when the shop has no Tabby
 * keys: the payment object as Tabby's API answers it (decision 241). It decides by Tabby's test
 * values: the pre-scoring phone and a total outside the limits are refused before any page;
 * the rejected e-mail is refused on the page; any other buyer is approved. A cancelled session
 * expires, as Tabby's does; a full capture closes the payment, as Tabby does.
 */
export class TabbySimulator extends PayLaterSimulator<Raw> {
  readonly name = 'tabby-sandbox' as const;
  readonly method = 'tabby' as const;
  protected readonly waiting = 'CREATED';
  protected readonly expired = 'EXPIRED';

  constructor(
    db: ConstructorParameters<typeof PayLaterSimulator>[0],
    private readonly tabbyOptions: TabbySimulatorOptions,
  ) {
    super(db, tabbyOptions);
  }

  protected session(request: CheckoutRequest, id: string, expiresAt: Date): Raw | null {
    const { order } = request;
    // Tabby's pre-scoring: a refused buyer, or a total outside what Tabby takes, gets no page.
    if (order.buyer.phone === TABBY_TEST_BUYERS.preScoringRejectedPhone || !tabbyEligible(order.totalHalalas))
      return null;
    const { payment } = checkoutPayload(request, 'shop');
    return {
      ...payment,
      id,
      status: 'CREATED',
      is_test: true,
      created_at: this.now().toISOString(),
      expires_at: expiresAt.toISOString(),
      captures: [],
      refunds: [],
      // Not in Tabby's payment object: where the simulator's page sends the shopper back.
      merchant_urls: request.returnUrls,
      lang: request.lang,
    };
  }

  protected read(raw: Raw): GatewayPayment {
    return toTabbyPayment(raw);
  }

  protected answered(raw: Raw, answer: 'approve' | 'cancel'): Raw {
    if (answer === 'cancel') return { ...raw, status: 'EXPIRED' };
    const rejected = raw.buyer.email.toLowerCase() === TABBY_TEST_BUYERS.rejectedEmail;
    return rejected
      ? { ...raw, status: 'REJECTED' }
      : { ...raw, status: 'AUTHORIZED', authorized_at: this.now().toISOString() };
  }

  protected movements(raw: Raw, kind: 'captures' | 'refunds'): SimulatedMovement[] {
    return raw[kind];
  }

  protected withMovements(raw: Raw, kind: 'captures' | 'refunds', all: SimulatedMovement[]): Raw {
    const shown = all.map((m) => ({ ...m, amount: decimalOf(halalasOf(m.amount)) }));
    const after = { ...raw, [kind]: shown };
    // Tabby closes the payment itself once everything authorised was captured.
    const facts = tabbyFacts(tabbyPaymentSchema.parse(after));
    const closed = kind === 'captures' && facts.captured === facts.amount;
    return { ...after, status: closed ? 'CLOSED' : raw.status };
  }

  protected closed(raw: Raw): Raw {
    return { ...raw, status: 'CLOSED', closed_at: this.now().toISOString() };
  }

  protected returnTo(raw: Raw) {
    return raw.merchant_urls ?? null;
  }

  /** Tabby's page adds the payment's id. */
  protected returnParams(payment: GatewayPayment): Record<string, string> {
    return { payment_id: payment.id };
  }

  webhookPaymentId(request: WebhookRequest): Promise<string | null> {
    return tabbyWebhookPaymentId(this.tabbyOptions.webhookSecret(), request);
  }
}
