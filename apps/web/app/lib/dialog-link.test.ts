import { describe, expect, it } from 'vitest';
import { dialogHref } from './dialog-link.ts';

describe('dialogHref', () => {
  it('names the dialog in the address and keeps the rest of the query', () => {
    expect(dialogHref({ pathname: '/en/cart', search: '' }, 'checkout')).toBe('/en/cart?dialog=checkout');
    expect(dialogHref({ pathname: '/user/allorders', search: '?page=2' }, 'details')).toBe(
      '/user/allorders?page=2&dialog=details',
    );
  });

  it('replaces the dialog already named, and takes it out for none', () => {
    expect(dialogHref({ pathname: '/user/profile', search: '?dialog=edit' }, 'password')).toBe(
      '/user/profile?dialog=password',
    );
    expect(dialogHref({ pathname: '/user/profile', search: '?dialog=edit' }, null)).toBe('/user/profile');
    expect(dialogHref({ pathname: '/cart', search: '?a=1&dialog=remove-3' }, null)).toBe('/cart?a=1');
  });
});
