import { adminPaths, apiPaths } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  ADMIN_HOST,
  ADMIN_ORIGIN,
  insertMember,
  signedInMember,
  STAFF_PASSWORD,
  staffCookieToken,
  staffHeaders,
} from '../../test/staff.ts';
import { signedInUser, TEST_PASSWORD } from '../../test/users.ts';

describe('staff sign-in, sessions and sign-out', () => {
  let t: TestContext;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Sign-ins come from fresh addresses unless a test is about one address. */
  function signIn(body: object, options: { lang?: 'ar' | 'en'; remoteAddress?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url: `${adminPaths.signIn.pattern}?lang=${options.lang ?? 'ar'}`,
      remoteAddress: options.remoteAddress ?? `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
      headers: { origin: ADMIN_ORIGIN, host: ADMIN_HOST },
      payload: body,
    });
  }
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: adminPaths.me.pattern, headers });

  it('signs in with the e-mail in any case and sets its own httpOnly, SameSite=Strict cookie', async () => {
    const member = await insertMember(t.app.db, { email: 'huda@shop.test', name: 'Huda' });
    const res = await signIn({ email: ' HUDA@Shop.Test ', password: STAFF_PASSWORD }, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'signed_in',
      code: 'STAFF_SIGNED_IN',
      message: 'Signed in to the back office',
      me: {
        staff: { id: member.id, email: 'huda@shop.test', role: 'staff', totpEnabled: false, lang: 'en' },
      },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toMatch(/(^|, )session=/);
    // The answer carries no token, and the database holds only a hash of it.
    const token = staffCookieToken(res.headers['set-cookie'])!;
    expect(res.body).not.toContain(token);
    const stored = await t.app.db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
    expect((await me(staffHeaders(token))).json()).toMatchObject({ staff: { id: member.id } });
  });

  it('answers a wrong password, an unknown e-mail and a disabled member alike', async () => {
    await insertMember(t.app.db, { email: 'salem@shop.test' });
    await insertMember(t.app.db, { email: 'gone@shop.test', disabled: true });
    for (const body of [
      { email: 'salem@shop.test', password: 'not the password' },
      { email: 'nobody@shop.test', password: STAFF_PASSWORD },
      { email: 'gone@shop.test', password: STAFF_PASSWORD },
    ]) {
      const res = await signIn(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'STAFF_SIGN_IN_FAILED',
        message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('does not take a shopper account or password for a member, nor a member for a shopper', async () => {
    const shopper = await signedInUser(t.app.db, { email: 'shopper-only@example.com' });
    const asStaff = await signIn({ email: 'shopper-only@example.com', password: TEST_PASSWORD });
    expect(asStaff.statusCode).toBe(401);
    const member = await signedInMember(t.app.db);
    // A staff session opens nothing of the storefront's accounts...
    const storefront = await t.app.inject({
      method: 'GET',
      url: apiPaths.currentUser.pattern,
      headers: member.headers,
    });
    expect(storefront.statusCode).toBe(401);
    // ...and a shopper's session beside a staff cookie changes nothing in the back office.
    const both = await me({
      ...member.headers,
      cookie: `session=${shopper.token}; staff_session=${member.token}`,
    });
    expect(both.json()).toMatchObject({ staff: { id: member.member.id } });
  });

  it('throttles guesses per account and address with Retry-After, without locking the member out elsewhere', async () => {
    await insertMember(t.app.db, { email: 'target@shop.test' });
    const attacker = '203.0.113.50';
    for (let i = 0; i < 5; i++) {
      const res = await signIn(
        { email: 'target@shop.test', password: `guess ${i}` },
        { remoteAddress: attacker },
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(
      { email: 'target@shop.test', password: STAFF_PASSWORD },
      { remoteAddress: attacker },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await signIn({ email: 'target@shop.test', password: STAFF_PASSWORD });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('throttles one address trying many accounts', async () => {
    const stuffer = '198.51.100.77';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await signIn({ email: `guess-${i}@shop.test`, password: 'x' }, { remoteAddress: stuffer }))
        .statusCode;
    }
    expect(last).toBe(429);
  });

  it('ends a session idle for STAFF_IDLE_MINUTES (30), and moves the deadline on with use', async () => {
    const member = await signedInMember(t.app.db);
    const [session] = await t.app.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, member.member.id));
    const setIdle = (minutes: number) =>
      t.app.db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(staffSessions.id, session!.id));
    await setIdle(29);
    const alive = await me(member.headers);
    expect(alive.statusCode).toBe(200);
    const idleEnds = new Date(alive.json().idleExpiresAt).getTime();
    expect(idleEnds).toBeGreaterThan(Date.now() + 29 * 60_000);
    await setIdle(31);
    const ended = await me(member.headers);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('STAFF_SESSION_REQUIRED');
  });

  it('ends a session at its absolute lifetime however busy it is', async () => {
    const member = await signedInMember(t.app.db);
    await t.app.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'`, lastSeenAt: sql`now()` })
      .where(eq(staffSessions.staffId, member.member.id));
    expect((await me(member.headers)).statusCode).toBe(401);
  });

  it('signs out this session only, and clears the cookie', async () => {
    const member = await insertMember(t.app.db);
    const first = staffCookieToken(
      (await signIn({ email: member.email, password: STAFF_PASSWORD })).headers['set-cookie'],
    )!;
    const second = staffCookieToken(
      (await signIn({ email: member.email, password: STAFF_PASSWORD })).headers['set-cookie'],
    )!;
    const out = await t.app.inject({
      method: 'POST',
      url: adminPaths.signOut.pattern,
      headers: staffHeaders(first),
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^staff_session=;/);
    expect((await me(staffHeaders(first))).statusCode).toBe(401);
    expect((await me(staffHeaders(second))).statusCode).toBe(200);
  });

  it('signs out everywhere: every session of the member ends, others are untouched', async () => {
    const member = await insertMember(t.app.db);
    const other = await signedInMember(t.app.db);
    const tokens = [];
    for (let i = 0; i < 3; i++)
      tokens.push(
        staffCookieToken(
          (await signIn({ email: member.email, password: STAFF_PASSWORD })).headers['set-cookie'],
        )!,
      );
    const out = await t.app.inject({
      method: 'POST',
      url: `${adminPaths.signOutEverywhere.pattern}?lang=en`,
      headers: staffHeaders(tokens[0]!),
    });
    expect(out.json()).toMatchObject({
      code: 'STAFF_SIGNED_OUT_EVERYWHERE',
      message: 'Signed out on every device',
    });
    for (const token of tokens) expect((await me(staffHeaders(token))).statusCode).toBe(401);
    expect((await me(other.headers)).statusCode).toBe(200);
  });

  it('refuses a sign-in body that is not one (clear 400s, never 500)', async () => {
    for (const body of [
      {},
      { email: 'a@shop.test' },
      { email: 'a@shop.test', password: 'x'.repeat(2000) },
      [],
    ]) {
      const res = await signIn(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toMatch(/^[A-Z_]+$/);
    }
  });
});
