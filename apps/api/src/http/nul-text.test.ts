import { adminOrderPaths } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { signedInMember } from '../test/staff.ts';
import { TEST_HOST, TEST_ORIGIN } from '../test/users.ts';

/**
 * A NUL character is text PostgreSQL cannot store. The contract's text fields refuse it; where
 * one reaches the database all the same, the answer is the same refusal, never a 500.
 */
describe('a NUL character in what a client sends', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused at the back office’s sign-in like any control character', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in?lang=en',
      headers: { host: TEST_HOST, origin: TEST_ORIGIN },
      payload: { email: '\u0000', password: 'long enough 1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TEXT_CONTROL_CHARACTERS');
  });

  it('is refused, not a server error, when it reaches the database in a search', async () => {
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const res = await t.app.inject({
      method: 'GET',
      url: `${adminOrderPaths.list.build({})}?q=${encodeURIComponent('phone\u0000')}&lang=ar`,
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 'TEXT_CONTROL_CHARACTERS',
      message: 'النص يحتوي على رموز غير مسموح بها',
    });
  });
});
