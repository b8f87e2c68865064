import { describe, expect, it } from 'vitest';
import type { PaymentForm } from '@shop/contract';
import { paymentView } from './order-payment.ts';

const payment = { provider: 'sandbox' } as PaymentForm;
const now = Date.parse('2026-01-01T12:00:00Z');
const later = '2026-01-01T12:30:00Z';

describe('paymentView', () => {
  it('offers the card form while the order awaits payment and has time left', () => {
    expect(paymentView({ status: 'awaiting_payment', expiresAt: later, payment }, now)).toBe('pay');
  });

  it('says already paid for a paid or delivered order', () => {
    expect(paymentView({ status: 'paid', expiresAt: later, payment: null }, now)).toBe('paid');
    expect(paymentView({ status: 'delivered', expiresAt: later, payment: null }, now)).toBe('paid');
  });

  it('says expired once the time is up, even before the server has marked it', () => {
    expect(paymentView({ status: 'expired', expiresAt: later, payment: null }, now)).toBe('expired');
    expect(paymentView({ status: 'awaiting_payment', expiresAt: '2026-01-01T11:59:59Z', payment }, now)).toBe(
      'expired',
    );
  });

  it('says cancelled for an order the shop cancelled', () => {
    expect(paymentView({ status: 'cancelled', expiresAt: later, payment: null }, now)).toBe('cancelled');
  });

  it('offers to try again after a failed payment', () => {
    expect(paymentView({ status: 'failed', expiresAt: later, payment: null }, now)).toBe('failed');
  });
});
