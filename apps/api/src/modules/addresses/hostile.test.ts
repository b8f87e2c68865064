import { apiPaths } from '@shop/contract';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { addresses } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  assertSurvivesHostileRequests,
  HOSTILE_TEST_TIMEOUT,
  type Endpoint,
  type HostileContext,
} from '../../test/hostile.ts';
import { insertUser } from '../../test/users.ts';

describe('address book API under random and hostile requests', () => {
  let t: TestContext;
  let context: HostileContext;
  beforeAll(async () => {
    t = await createTestApp();
    const victim = await insertUser(t.app.db);
    const attacker = await insertUser(t.app.db);
    const rows = await t.app.db
      .insert(addresses)
      .values([
        {
          userId: victim.id,
          name: 'Home',
          city: 'Riyadh',
          mobile: '+966551234567',
          latitude: 24.7,
          longitude: 46.6,
        },
        { userId: victim.id, name: 'Work' },
      ])
      .returning();
    const own = await t.app.db.insert(addresses).values({ userId: attacker.id, name: 'Mine' }).returning();
    context = {
      app: t.app,
      db: t.app.db,
      attackerId: attacker.id,
      victimIds: [victim.id],
      known: [victim.id, ...rows.map((r) => r.id), ...own.map((r) => r.id)],
    };
  });
  afterAll(() => t.close());

  const fields = [
    'name',
    'user',
    'city',
    'zone',
    'closeSign',
    'address',
    'mobile',
    'latitude',
    'longitude',
    'shortAddress',
    'buildingNumber',
    'street',
    'district',
    'postalCode',
    'additionalNumber',
  ];
  const endpoints: Endpoint[] = [
    { name: 'list by user', method: 'GET', url: (userId) => apiPaths.addressesByUser.build({ userId }) },
    { name: 'add', method: 'POST', url: () => apiPaths.addressAdd.pattern, fields, numRuns: 60 },
    { name: 'get one', method: 'GET', url: (id) => apiPaths.addressById.build({ id }) },
    { name: 'edit', method: 'PUT', url: (id) => apiPaths.addressUpdate.build({ id }), fields, numRuns: 60 },
    { name: 'delete', method: 'DELETE', url: (id) => apiPaths.addressDelete.build({ id }) },
  ];

  it.each(endpoints)(
    '$name: never 5xx, never another user changed',
    async (endpoint) => {
      await assertSurvivesHostileRequests(context, endpoint);
    },
    HOSTILE_TEST_TIMEOUT,
  );
});
