import { apiPaths } from '@shop/contract';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { cartItems } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, soleVariant } from '../../test/factories.ts';
import {
  assertSurvivesHostileRequests,
  HOSTILE_TEST_TIMEOUT,
  type Endpoint,
  type HostileContext,
} from '../../test/hostile.ts';
import { insertUser } from '../../test/users.ts';

describe('cart API under random and hostile requests', () => {
  let t: TestContext;
  let context: HostileContext;
  beforeAll(async () => {
    t = await createTestApp();
    const victim = await insertUser(t.app.db);
    const attacker = await insertUser(t.app.db);
    const products = await Promise.all([
      createProduct(t.app.db, { stock: 5 }),
      createProduct(t.app.db, { stock: 0 }),
      createProduct(t.app.db, { stock: 50, offerPriceHalalas: 5_000 }),
    ]);
    const lines = await t.app.db
      .insert(cartItems)
      .values([
        {
          userId: victim.id,
          productId: products[0]!.id,
          variantId: (await soleVariant(t.app.db, products[0]!.id)).id,
          count: 2,
        },
      ])
      .returning();
    context = {
      app: t.app,
      db: t.app.db,
      attackerId: attacker.id,
      victimIds: [victim.id],
      known: [victim.id, ...lines.map((l) => String(l.id)), ...products.map((p) => String(p.id))],
    };
  });
  afterAll(() => t.close());

  const endpoints: Endpoint[] = [
    { name: 'cart by user', method: 'GET', url: (userId) => apiPaths.cartByUser.build({ userId }) },
    {
      name: 'insert',
      method: 'POST',
      url: () => apiPaths.cartInsert.pattern,
      fields: ['productId', 'userId'],
      numRuns: 60,
    },
    {
      name: 'update count',
      method: 'PUT',
      // The count is hostile too: the same value in both places covers 0, -1, text, huge numbers.
      url: (value) => apiPaths.cartUpdate.build({ carId: value, count: value.length % 2 ? value : '3' }),
      numRuns: 60,
    },
    { name: 'delete one', method: 'DELETE', url: (carId) => apiPaths.cartDelete.build({ carId }) },
    { name: 'delete all', method: 'DELETE', url: (userId) => apiPaths.cartDeleteAll.build({ userId }) },
  ];

  it.each(endpoints)(
    '$name: never 5xx, never another user changed',
    async (endpoint) => {
      await assertSurvivesHostileRequests(context, endpoint);
    },
    HOSTILE_TEST_TIMEOUT,
  );
});
