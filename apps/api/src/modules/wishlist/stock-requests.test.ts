import { apiPaths, messagePaths } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, soleVariant } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, type Shopper } from '../../test/shoppers.ts';
import { deliverDueMessages } from '../../use-cases/messages/deliver.ts';
import { answerStockRequests } from '../../use-cases/messages/wishlist-alerts.ts';
import { productVariants } from '../catalog/schema.ts';
import { channelProviders } from '../messages/providers.ts';
import { messages } from '../messages/schema.ts';
import { users } from '../users/schema.ts';

/**
 * "Tell me when it is back": a shopper asks on a sold-out product; when the variant has stock
 * again, one message comes on the channels chosen for that kind (e-mail unless turned off).
 */
describe('asking to be told when a sold-out product is back', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (shopper: Shopper | null, payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `${apiPaths.stockRequests.pattern}?lang=${lang}`,
      headers: shopper?.headers ?? {},
      payload,
    });
  const messagesOf = (userId: string) =>
    t.app.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(asc(messages.id));
  const deliver = () =>
    deliverDueMessages({
      ...t.app.shop,
      providers: channelProviders(t.config, t.app.messageKeys, t.app.mailer),
    });

  it('sends one e-mail when the variant has stock again, and another only after asking again', async () => {
    const shopper = await createShopper(t.app.db);
    await t.app.db.update(users).set({ lang: 'en' }).where(eq(users.id, shopper.id));
    const product = await createProduct(t.app.db, { stock: 0, nameEn: 'Sold Out Buds' });
    const variant = await soleVariant(t.app.db, product.id);
    const setStock = (stock: number) =>
      t.app.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variant.id));

    const res = await ask(shopper, { productId: product.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'We will tell you when this product is back in stock' });
    // Asking twice while it waits is one request.
    expect((await ask(shopper, { productId: product.id })).statusCode).toBe(200);

    // Still sold out: nothing.
    expect(await answerStockRequests(t.app.shop)).toBe(0);
    await setStock(5);
    expect(await answerStockRequests(t.app.shop)).toBe(1);
    expect(await answerStockRequests(t.app.shop)).toBe(0);
    await deliver();
    const sent = await messagesOf(shopper.id);
    expect(sent.map((m) => [m.event, m.channel, m.status])).toEqual([
      ['stock.back_in_stock', 'email', 'sent'],
    ]);
    expect(sent[0]!.subject).toBe('Sold Out Buds, which you asked about, is back');
    expect(sent[0]!.body).toMatch(new RegExp(`/en/product/${product.id}`));

    // Sold out again: the answered request stays answered until the shopper asks again.
    await setStock(0);
    expect(await answerStockRequests(t.app.shop)).toBe(0);
    expect((await ask(shopper, { productId: product.id })).statusCode).toBe(200);
    await setStock(2);
    expect(await answerStockRequests(t.app.shop)).toBe(1);
    expect(await messagesOf(shopper.id)).toHaveLength(2);
  });

  it('follows the shopper’s channels for this kind: SMS when chosen, nothing when every channel is off', async () => {
    const shopper = await createShopper(t.app.db);
    const product = await createProduct(t.app.db, { stock: 0 });
    const variant = await soleVariant(t.app.db, product.id);
    const choose = (choices: Array<{ channel: string; enabled: boolean }>) =>
      t.app.inject({
        method: 'PUT',
        url: messagePaths.preferences.pattern,
        headers: shopper.headers,
        payload: { choices: choices.map((c) => ({ kind: 'stock', ...c })) },
      });
    expect(
      (
        await choose([
          { channel: 'email', enabled: false },
          { channel: 'sms', enabled: true },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await ask(shopper, { productId: product.id })).statusCode).toBe(200);
    await t.app.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant.id));
    await answerStockRequests(t.app.shop);
    expect((await messagesOf(shopper.id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('refuses a product in stock, a product not sold, a variant not named, and a visitor', async () => {
    const shopper = await createShopper(t.app.db);
    const inStock = await createProduct(t.app.db, { stock: 3 });
    const refused = await ask(shopper, { productId: inStock.id }, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'STILL_IN_STOCK',
      message: 'هذا المنتج متوفر الآن، يمكنك إضافته إلى السلة',
    });
    const hidden = await createProduct(t.app.db, { stock: 0, hidden: true });
    expect((await ask(shopper, { productId: hidden.id })).statusCode).toBe(404);
    const soldOut = await createProduct(t.app.db, { stock: 0 });
    expect((await ask(shopper, { productId: soldOut.id, sku: 'NO-SUCH-SKU' })).statusCode).toBe(404);
    expect((await ask(null, { productId: soldOut.id })).statusCode).toBe(401);
  });
});
