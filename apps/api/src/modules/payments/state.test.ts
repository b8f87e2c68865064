import { describe, expect, it } from 'vitest';
import { paymentState, refuseCapture, refuseClose, refuseRefund, type PaymentFacts } from './state.ts';

const facts = (over: Partial<PaymentFacts>): PaymentFacts => ({
  status: 'authorised',
  amount: 100_000,
  captured: 0,
  refunded: 0,
  ...over,
});

describe('one payment state whatever the provider', () => {
  it('reads the state from the status and the amounts', () => {
    expect(paymentState(facts({ status: 'open' }))).toBe('pending');
    expect(paymentState(facts({}))).toBe('authorised');
    // Part captured: the rest is still authorised until it is captured or closed.
    expect(paymentState(facts({ captured: 40_000 }))).toBe('authorised');
    expect(paymentState(facts({ captured: 100_000 }))).toBe('captured');
    expect(paymentState(facts({ status: 'closed', captured: 40_000 }))).toBe('captured');
    expect(paymentState(facts({ status: 'closed' }))).toBe('voided');
    expect(paymentState(facts({ status: 'closed', captured: 40_000, refunded: 10_000 }))).toBe(
      'partially_refunded',
    );
    expect(paymentState(facts({ status: 'closed', captured: 40_000, refunded: 40_000 }))).toBe('refunded');
    expect(paymentState(facts({ status: 'rejected' }))).toBe('failed');
    expect(paymentState(facts({ status: 'expired' }))).toBe('expired');
  });

  it('captures only what is authorised and not captured yet', () => {
    expect(refuseCapture(facts({}), 100_000)).toBeNull();
    expect(refuseCapture(facts({ captured: 60_000 }), 40_000)).toBeNull();
    expect(refuseCapture(facts({ captured: 60_000 }), 40_001)).toBe('MORE_THAN_AUTHORISED');
    expect(refuseCapture(facts({}), 0)).toBe('AMOUNT_INVALID');
    expect(refuseCapture(facts({ status: 'open' }), 1)).toBe('NOT_AUTHORISED');
    expect(refuseCapture(facts({ status: 'closed', captured: 60_000 }), 1)).toBe('NOT_AUTHORISED');
  });

  it('closes an authorised payment only', () => {
    expect(refuseClose(facts({ captured: 60_000 }))).toBeNull();
    expect(refuseClose(facts({ status: 'expired' }))).toBe('NOT_AUTHORISED');
    expect(refuseClose(facts({ status: 'closed', captured: 100_000 }))).toBe('NOT_AUTHORISED');
  });

  it('refunds at most what was captured, once the payment is closed', () => {
    const closed = facts({ status: 'closed', captured: 60_000, refunded: 10_000 });
    expect(refuseRefund(closed, 50_000)).toBeNull();
    expect(refuseRefund(closed, 50_001)).toBe('MORE_THAN_CAPTURED');
    expect(refuseRefund(facts({}), 1)).toBe('NOTHING_CAPTURED');
    expect(refuseRefund(facts({ captured: 60_000 }), 1)).toBe('NOTHING_CAPTURED');
    expect(refuseRefund(facts({ status: 'closed' }), 1)).toBe('NOTHING_CAPTURED');
    expect(refuseRefund(closed, -5)).toBe('AMOUNT_INVALID');
  });
});
