/**
 * One payment state for every method (decision 240). Each provider names its statuses its own
 * way (Moyasar: initiated, paid, refunded, voided; Tabby: CREATED, AUTHORIZED, CLOSED with its
 * captures and refunds, REJECTED, EXPIRED); the shop decides on the state read from the
 * provider's amounts, never on a provider's word alone:
 *
 *   pending → authorised → captured → partially_refunded → refunded
 *      ↘ failed   ↘ expired        authorised ↘ voided (closed before anything was captured)
 *
 * A card is captured when it is paid, so it goes from pending straight to captured.
 */
export const paymentStates = [
  'pending',
  'authorised',
  'captured',
  'partially_refunded',
  'refunded',
  'failed',
  'expired',
  'voided',
] as const;
export type PaymentState = (typeof paymentStates)[number];

/** What a provider reports of a payment, in halalas, whatever it calls its statuses. */
export interface PaymentFacts {
  /** The provider's own status, normalised to one of these words. */
  status: 'open' | 'authorised' | 'closed' | 'rejected' | 'expired';
  /** What the shopper agreed to pay. */
  amount: number;
  /** Taken so far (all captures together). */
  captured: number;
  /** Given back so far (all refunds together). */
  refunded: number;
}

/** States in which nothing more will happen to the payment at the provider. */
export const FINAL_STATES: ReadonlySet<PaymentState> = new Set(['refunded', 'failed', 'expired', 'voided']);

/** States in which the shopper's money is promised to the shop: the order counts as paid. */
export const SETTLED_STATES: ReadonlySet<PaymentState> = new Set([
  'authorised',
  'captured',
  'partially_refunded',
  'refunded',
]);

/**
 * The state of a payment from its facts. An authorised payment with part captured stays
 * authorised until the rest is captured or closed (Tabby keeps it AUTHORIZED too); a closed one
 * with nothing captured was voided.
 */
export function paymentState(facts: PaymentFacts): PaymentState {
  switch (facts.status) {
    case 'open':
      return 'pending';
    case 'rejected':
      return 'failed';
    case 'expired':
      return 'expired';
    case 'authorised':
      if (facts.captured < facts.amount) return 'authorised';
      break;
    case 'closed':
      if (facts.captured === 0) return 'voided';
      break;
  }
  if (facts.refunded === 0) return 'captured';
  return facts.refunded >= facts.captured ? 'refunded' : 'partially_refunded';
}

/** Why an action on a payment is refused before the provider is asked. */
export type RefusedAction =
  'NOT_AUTHORISED' | 'AMOUNT_INVALID' | 'MORE_THAN_AUTHORISED' | 'NOTHING_CAPTURED' | 'MORE_THAN_CAPTURED';

/** A capture takes part or all of what is authorised and not captured yet. */
export function refuseCapture(facts: PaymentFacts, amount: number): RefusedAction | null {
  if (paymentState(facts) !== 'authorised') return 'NOT_AUTHORISED';
  if (!Number.isInteger(amount) || amount <= 0) return 'AMOUNT_INVALID';
  return amount > facts.amount - facts.captured ? 'MORE_THAN_AUTHORISED' : null;
}

/** Closing gives up what is authorised and not captured (all of it when nothing was). */
export function refuseClose(facts: PaymentFacts): RefusedAction | null {
  return paymentState(facts) === 'authorised' ? null : 'NOT_AUTHORISED';
}

/**
 * A refund gives back part or all of what was captured and not refunded yet, never more, once
 * the payment is closed: Tabby refunds CLOSED payments only, so a partly captured one is first
 * captured in full or closed.
 */
export function refuseRefund(facts: PaymentFacts, amount: number): RefusedAction | null {
  const state = paymentState(facts);
  if (state !== 'captured' && state !== 'partially_refunded') return 'NOTHING_CAPTURED';
  if (!Number.isInteger(amount) || amount <= 0) return 'AMOUNT_INVALID';
  return amount > facts.captured - facts.refunded ? 'MORE_THAN_CAPTURED' : null;
}
