import { describe, expect, it } from 'vitest';
import { orderStatusKey, paymentReturn, withoutPaymentReturn } from './status.ts';

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

describe('paymentReturn', () => {
  it('takes the payment id of any return of the provider, paid or not, to have it verified', () => {
    expect(paymentReturn(new URLSearchParams('status=paid&message=APPROVED&id=abc'))).toEqual({
      paymentId: 'abc',
    });
    expect(paymentReturn(new URLSearchParams('status=failed&message=DECLINED&id=abc'))).toEqual({
      paymentId: 'abc',
    });
  });

  it('has nothing to verify without a payment id, and is no return at all on a plain visit', () => {
    expect(paymentReturn(new URLSearchParams('status=paid&message=APPROVED'))).toEqual({ paymentId: null });
    expect(paymentReturn(new URLSearchParams(`id=${'x'.repeat(201)}`))).toEqual({ paymentId: null });
    expect(paymentReturn(new URLSearchParams('page=2'))).toBeNull();
  });

  it('drops its parameters and keeps the rest', () => {
    expect(withoutPaymentReturn(new URLSearchParams('page=2&status=paid&message=APPROVED&id=x'))).toBe(
      '?page=2',
    );
    expect(withoutPaymentReturn(new URLSearchParams('status=paid&message=APPROVED'))).toBe('');
  });
});
