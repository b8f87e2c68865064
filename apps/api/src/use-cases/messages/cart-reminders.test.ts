import { messagePaths } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, placeOrderCall, putInCart, type Shopper } from '../../test/shoppers.ts';
import { cartItems } from '../../modules/cart/schema.ts';
import { channelProviders } from '../../modules/messages/providers.ts';
import { messages } from '../../modules/messages/schema.ts';
import { putSettings } from '../../modules/settings/service.ts';
import { users } from '../../modules/users/schema.ts';
import { deliverDueMessages } from './deliver.ts';
import { remindWaitingCarts } from './cart-reminders.ts';

const HOUR = 3_600_000;

/**
 * A signed-in shopper's cart left untouched for the owner's hours gets exactly one reminder, with
 * a link to the cart; none after an order, none when turned off, none on a channel stopped.
 */
describe('reminders of a cart left waiting', () => {
  let t: TestContext;
  let product: ProductRow;
  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { stock: 100, nameEn: 'Waiting Charger' });
    await putSettings(t.app.db, { abandonedCartHours: 3 });
  });
  afterAll(() => t.close());

  /** A shopper with units in the cart, last touched `hoursAgo` hours ago. */
  async function waitingCart(hoursAgo: number): Promise<Shopper> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 2);
    const at = new Date(Date.now() - hoursAgo * HOUR);
    await t.app.db
      .update(cartItems)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(cartItems.userId, shopper.id));
    return shopper;
  }
  const messagesOf = (userId: string) =>
    t.app.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(asc(messages.id));
  const remindersOf = async (userId: string) =>
    (await messagesOf(userId)).filter((m) => m.event === 'cart.abandoned');

  it('sends one e-mail for a cart untouched longer than the owner set, with the link to the cart', async () => {
    const late = await waitingCart(4);
    const recent = await waitingCart(1);
    await t.app.db.update(users).set({ lang: 'en' }).where(eq(users.id, late.id));
    await remindWaitingCarts(t.app.shop);
    await remindWaitingCarts(t.app.shop);
    expect(await remindersOf(recent.id)).toHaveLength(0);
    const queued = await remindersOf(late.id);
    expect(queued.map((m) => m.channel)).toEqual(['email']);

    await deliverDueMessages({
      ...t.app.shop,
      providers: channelProviders(t.config, t.app.messageKeys, t.app.mailer),
    });
    const [sent] = await remindersOf(late.id);
    expect(sent!.status).toBe('sent');
    expect(sent!.subject).toBe('Your cart is waiting for you');
    expect(sent!.body).toContain('You left 2 items in your cart.');
    expect(sent!.body).toMatch(/Finish your order: http\S+\/en\/cart\n/);

    // Touched again and left again: still the same cart, never a second reminder.
    await t.app.db
      .update(cartItems)
      .set({ updatedAt: new Date(Date.now() - 5 * HOUR) })
      .where(eq(cartItems.userId, late.id));
    await remindWaitingCarts(t.app.shop);
    expect(await remindersOf(late.id)).toHaveLength(1);
  });

  it('two processes looking at once send one reminder', async () => {
    const shopper = await waitingCart(6);
    const counts = await Promise.all([remindWaitingCarts(t.app.shop), remindWaitingCarts(t.app.shop)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(shopper.id)).toHaveLength(1);
  });

  it('sends nothing after an order, with the hours at 0, or on a channel the shopper stopped', async () => {
    const ordered = await waitingCart(5);
    const placed = await placeOrderCall(t, ordered, {}, 'en');
    expect(placed.statusCode, placed.body).toBe(201);
    const stopped = await waitingCart(5);
    const off = await t.app.inject({
      method: 'PUT',
      url: messagePaths.preferences.pattern,
      headers: stopped.headers,
      payload: { choices: [{ kind: 'reminder', channel: 'email', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    await remindWaitingCarts(t.app.shop);
    expect(await remindersOf(ordered.id)).toHaveLength(0);
    expect(await remindersOf(stopped.id)).toHaveLength(0);

    // A cart left long before (a week past its reminder time): old news, no reminder.
    const old = await waitingCart(3 + 8 * 24);
    await remindWaitingCarts(t.app.shop);
    expect(await remindersOf(old.id)).toHaveLength(0);

    await putSettings(t.app.db, { abandonedCartHours: 0 });
    const never = await waitingCart(100);
    expect(await remindWaitingCarts(t.app.shop)).toBe(0);
    expect(await remindersOf(never.id)).toHaveLength(0);
    await putSettings(t.app.db, { abandonedCartHours: 3 });
  });
});
