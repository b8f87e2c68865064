import { describe, expect, it } from 'vitest';
import { keepPendingWish, takePendingWish } from './pending-wish.server.ts';

const arriving = (cookies: string[]) =>
  new Request('http://shop.test/user/wishlist', {
    headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; ') },
  });

describe("a visitor's kept choice", () => {
  it('is sent to the wishlist page only, in both languages, for half an hour', () => {
    const cookies = keepPendingWish({ productId: 12, sku: 'IP15-256-BLU' });
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(['/user/wishlist', '/en/user/wishlist']);
    for (const cookie of cookies) expect(cookie).toMatch(/Max-Age=1800; HttpOnly; SameSite=Lax$/);
  });

  it('comes back as it was kept, and is cleared on both paths', () => {
    const taken = takePendingWish(arriving(keepPendingWish({ productId: 12, sku: 'IP15-256-BLU' })));
    expect(taken.wish).toEqual({ productId: 12, sku: 'IP15-256-BLU' });
    expect(taken.clear).toHaveLength(2);
    expect(taken.clear.every((c) => c.includes('Max-Age=0'))).toBe(true);
    expect(takePendingWish(arriving(keepPendingWish({ productId: 7 }))).wish).toEqual({ productId: 7 });
  });

  it('is none, and cleared, when the cookie holds anything else', () => {
    for (const value of [
      'nonsense',
      '{"productId":-1}',
      '{"productId":"7"}',
      `{"productId":7,"sku":${JSON.stringify('x'.repeat(65))}}`,
    ]) {
      const taken = takePendingWish(arriving([`shop_wish=${encodeURIComponent(value)}`]));
      expect(taken.wish, value).toBeNull();
      expect(taken.clear).toHaveLength(2);
    }
    expect(takePendingWish(arriving([])).clear).toEqual([]);
  });
});
