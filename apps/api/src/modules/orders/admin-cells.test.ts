import { describe, expect, it } from 'vitest';
import { mapUrlOf } from '../../views/back-office/order-present.ts';
import { phoneDigits } from '../../views/back-office/orders-read.ts';

describe('phone search', () => {
  it('reduces a phone number in any form to its national digits', () => {
    for (const typed of ['0551234567', '551234567', '+966551234567', '00966 55 123 4567', '(055) 123-4567'])
      expect(phoneDigits(typed), typed).toBe('551234567');
  });

  it('is not a phone search for words or fewer than four digits', () => {
    expect(phoneDigits('Khalid 055')).toBeNull();
    expect(phoneDigits('055')).toBeNull();
  });
});

describe('map link', () => {
  it('links a lat,lng point to OpenStreetMap', () => {
    expect(mapUrlOf('24.7136, 46.6753')).toBe(
      'https://www.openstreetmap.org/?mlat=24.7136&mlon=46.6753#map=17/24.7136/46.6753',
    );
  });

  it('has no link for an empty location, words or a point off the globe', () => {
    expect(mapUrlOf('')).toBeNull();
    expect(mapUrlOf('near the mosque')).toBeNull();
    expect(mapUrlOf('95,46')).toBeNull();
  });
});
