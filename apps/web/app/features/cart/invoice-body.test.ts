import type { Address } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { addressText, invoiceBody } from './invoice-body.ts';

const address: Address = {
  _id: 'a1',
  name: 'Home',
  user: 'u1',
  city: 'Riyadh',
  zone: 'Al Olaya',
  closeSign: '',
  address: 'Building 12, King Fahd Road',
  mobile: '+966551234567',
  latitude: 24.7,
  longitude: 46.6,
};

describe('invoiceBody', () => {
  it("carries the invoice call's delivery fields of the chosen address", () => {
    expect(
      invoiceBody({
        userId: 'u1',
        address,
        note: '  ',
        defaultNote: 'No notes',
        productIds: [3, 7],
        lang: 'en',
      }),
    ).toEqual({
      userId: 'u1',
      invoiceUserAdress: 'Home, Building 12, King Fahd Road, Al Olaya, Riyadh',
      invoiceUserPhone: '+966551234567',
      invoiceUserLocation: 'location',
      invoiceNote: 'No notes',
      products: [{ productId: 3 }, { productId: 7 }],
    });
  });

  it('keeps a note the shopper wrote', () => {
    const state = invoiceBody({
      userId: 'u1',
      address,
      note: 'Ring twice',
      defaultNote: 'No notes',
      productIds: [],
      lang: 'ar',
    });
    expect(state.invoiceNote).toBe('Ring twice');
  });
});

describe('addressText', () => {
  it('joins the parts with the Arabic comma in Arabic and skips empty ones', () => {
    expect(addressText({ ...address, address: '', zone: '' }, 'ar')).toBe('Home، Riyadh');
  });
});
