import { apiPaths } from '@shop/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { passwordResets } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  assertSurvivesHostileRequests,
  HOSTILE_TEST_TIMEOUT,
  type Endpoint,
  type HostileContext,
} from '../../test/hostile.ts';
import { insertUser, snapshotUser } from '../../test/users.ts';

/**
 * Anyone may ask for a reset link for any account (that is the point of it), so a new unused
 * reset request is not a change to the victim; everything else is, and so is a used token.
 */
async function snapshotWithoutResetRequests(db: Db, userId: string): Promise<string> {
  const snapshot = JSON.parse(await snapshotUser(db, userId)) as Record<string, unknown>;
  delete snapshot.resets;
  const used = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNotNull(passwordResets.usedAt)));
  return JSON.stringify({ ...snapshot, usedResets: used });
}

describe('accounts API under random and hostile requests', () => {
  let t: TestContext;
  let context: HostileContext;
  beforeAll(async () => {
    t = await createTestApp();
    const victim = await insertUser(t.app.db, { image: '/uploads/users/victim.webp' });
    const attacker = await insertUser(t.app.db);
    context = {
      app: t.app,
      db: t.app.db,
      attackerId: attacker.id,
      victimIds: [victim.id],
      known: [victim.id, victim.email, victim.phone, victim.name, attacker.email],
      snapshot: snapshotWithoutResetRequests,
    };
  });
  afterAll(() => t.close());

  const registration = ['UserName', 'UserPhone', 'UserEmail', 'UserPassword', 'confirmPassword'];
  // argon2 makes each password check cost tens of milliseconds: fewer runs where one can happen.
  const endpoints: Endpoint[] = [
    {
      name: 'register',
      method: 'POST',
      url: () => apiPaths.register.pattern,
      fields: registration,
      numRuns: 30,
    },
    {
      name: 'login',
      method: 'POST',
      url: () => apiPaths.login.pattern,
      fields: ['userEmail', 'userPassword'],
      numRuns: 25,
    },
    { name: 'logout', method: 'POST', url: () => apiPaths.logout.pattern, fields: [] },
    { name: 'current user', method: 'GET', url: () => apiPaths.currentUser.pattern },
    { name: 'user by id', method: 'GET', url: (id) => apiPaths.userById.build({ id }) },
    {
      name: 'update user',
      method: 'PUT',
      url: (id) => apiPaths.updateUser.build({ id }),
      fields: ['UserName', 'UserPhone', 'UserEmail', 'userImage'],
    },
    {
      name: 'update user (v1)',
      method: 'PUT',
      url: (id) => apiPaths.updateUserV1.build({ id }),
      fields: ['UserName', 'UserPhone', 'UserEmail', 'userImage'],
    },
    {
      name: 'change password',
      method: 'PUT',
      url: (id) => apiPaths.changePassword.build({ id }),
      fields: ['oldPassword', 'password', 'confirmPassword'],
      numRuns: 25,
    },
    {
      name: 'deactivate',
      method: 'PUT',
      url: (id) => apiPaths.deactivateUser.build({ id }),
      fields: ['password', 'status'],
      numRuns: 25,
    },
    {
      name: 'forgot password',
      method: 'POST',
      url: () => apiPaths.forgotPassword.pattern,
      fields: ['userEmail'],
    },
    {
      name: 'reset password',
      method: 'POST',
      url: () => apiPaths.resetPassword.pattern,
      fields: ['token', 'password', 'confirmPassword'],
      numRuns: 25,
    },
  ];

  it.each(endpoints)(
    '$name: never 5xx, never another user changed',
    async (endpoint) => {
      await assertSurvivesHostileRequests(context, endpoint);
    },
    HOSTILE_TEST_TIMEOUT,
  );

  it('left the victim able to log in with the same password', async () => {
    const [victimId] = context.victimIds;
    const res = await t.app.inject({ method: 'GET', url: apiPaths.userById.build({ id: victimId! }) });
    expect(res.statusCode).toBe(401);
    const snapshot = JSON.parse(await snapshotUser(t.app.db, victimId!));
    expect(snapshot.user.active).toBe(true);
    expect(snapshot.user.image).toBe('/uploads/users/victim.webp');
  });
});
