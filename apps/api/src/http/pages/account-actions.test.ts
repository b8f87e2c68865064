import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/schema.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { multipart, signedInUser } from '../../test/users.ts';

/**
 * The account forms change the shop through the load context: the page action calls the use
 * case itself, with no request of its own through the API's routes (which would resolve the
 * session a second time and read the account again), and reads only what the change needs.
 */
describe('account page actions', () => {
  let t: TestContext;
  const log = new QueryLog();
  const statements = log.statements;

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  const record = <T>(run: () => Promise<T>) => log.record(run);

  const readsOf = (table: string) => log.readsOf(table);

  it('saves the profile from its page with one session lookup and one read of the account', async () => {
    const shopper = await signedInUser(t.app.db);
    const form = multipart({
      intent: 'edit-profile',
      UserName: 'Renamed Shopper',
      UserPhone: shopper.user.phone,
      UserEmail: shopper.user.email,
    });
    const res = await record(() =>
      t.app.inject({
        method: 'POST',
        url: '/en/user/profile?dialog=edit',
        headers: { ...shopper.cookie, ...form.headers },
        payload: form.payload,
      }),
    );

    // Without JavaScript the page answers post-redirect-get, back to the profile.
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/en/user/profile');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, shopper.userId));
    expect(row?.name).toBe('Renamed Shopper');

    const all = statements.join('\n');
    // The page request's own session lookup; a request through the API would make a second.
    expect(readsOf('sessions'), all).toHaveLength(1);
    // The account once, to see what changes; then the check for a name another account holds.
    expect(readsOf('users'), all).toHaveLength(2);
    expect(statements.length, all).toBeLessThanOrEqual(5);
  });
});
