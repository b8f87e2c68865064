import { describe, expect, it } from 'vitest';
import { orderStatusKey, paidRedirect, withoutPaidRedirect } from './status.ts';

describe('orderStatusKey', () => {
  it('reads delivered when invoiceReceived, whatever the payment state says', () => {
    expect(orderStatusKey({ invoiceReceived: true, status: 'paid' })).toBe('delivered');
  });

  it('says a refund even after delivery', () => {
    expect(orderStatusKey({ invoiceReceived: true, status: 'partially_refunded' })).toBe(
      'partially_refunded',
    );
    expect(orderStatusKey({ invoiceReceived: false, status: 'refunded' })).toBe('refunded');
  });

  it('reads the payment state otherwise (paid is in progress)', () => {
    expect(orderStatusKey({ invoiceReceived: false, status: 'paid' })).toBe('paid');
    expect(orderStatusKey({ invoiceReceived: false, status: 'awaiting_payment' })).toBe('awaiting_payment');
  });
});

describe('paidRedirect', () => {
  it('recognises the provider callback only for a paid, approved payment', () => {
    expect(paidRedirect(new URLSearchParams('status=paid&message=APPROVED&id=abc'))).toEqual({
      paymentId: 'abc',
    });
    expect(paidRedirect(new URLSearchParams('status=failed&message=DECLINED&id=abc'))).toBeNull();
    expect(paidRedirect(new URLSearchParams('status=paid&message=PENDING'))).toBeNull();
  });

  it('drops its parameters and keeps the rest', () => {
    expect(withoutPaidRedirect(new URLSearchParams('page=2&status=paid&message=APPROVED&id=x'))).toBe(
      '?page=2',
    );
    expect(withoutPaidRedirect(new URLSearchParams('status=paid&message=APPROVED'))).toBe('');
  });
});
