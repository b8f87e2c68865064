import { apiPaths } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { insertUser, TEST_HOST, TEST_ORIGIN, TEST_PASSWORD } from '../../test/users.ts';
import type { UserRow } from './service.ts';

const loginUrl = apiPaths.login.pattern;
const meUrl = apiPaths.currentUser.pattern;

describe('login, sessions and logout', () => {
  let t: TestContext;
  let user: UserRow;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    user = await insertUser(t.app.db, { email: 'layla@example.com', phone: '+966551234567', name: 'Layla' });
  });
  afterAll(() => t.close());

  /** Logins come from fresh addresses unless a test is about one address. */
  function login(body: object, options: { lang?: 'ar' | 'en'; remoteAddress?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url: `${loginUrl}?lang=${options.lang ?? 'ar'}`,
      remoteAddress: options.remoteAddress ?? `10.2.${Math.floor(++ip / 250)}.${ip % 250}`,
      payload: body,
    });
  }

  describe('by e-mail in any case or by phone in any accepted form', () => {
    it.each([
      'LAYLA@EXAMPLE.COM',
      ' Layla@Example.com ',
      '0551234567',
      '+966551234567',
      '٠٥٥١٢٣٤٥٦٧',
      '551234567',
    ])('%s', async (userEmail) => {
      const res = await login({ userEmail, userPassword: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        code: 'LOGIN_SUCCEEDED',
        message: 'تم تسجيل الدخول بنجاح',
        userId: user.id,
        _id: user.id,
        userName: 'Layla',
        userEmail: 'layla@example.com',
        userPhone: '+966551234567',
      });
    });
  });

  it('says login succeeded in English too', async () => {
    const res = await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD }, { lang: 'en' });
    expect(res.json().message).toBe('Login succeeded');
  });

  it('sets an httpOnly, SameSite=Lax session cookie holding the same token it answers', async () => {
    const res = await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD });
    const cookie = String(res.headers['set-cookie']);
    const token = res.json().token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toContain(`session=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    // Only a hash of the token is stored.
    const stored = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('opens the session by cookie and by Bearer token', async () => {
    const { token } = (await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD })).json();
    const byCookie = await t.app.inject({
      method: 'GET',
      url: meUrl,
      headers: { cookie: `session=${token}` },
    });
    expect(byCookie.json()).toMatchObject({ userId: user.id });
    const byBearer = await t.app.inject({
      method: 'GET',
      url: meUrl,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.json()).toMatchObject({ userId: user.id });
  });

  it('answers a wrong password and an unknown account with the same generic error', async () => {
    const wrong = await login({ userEmail: 'layla@example.com', userPassword: 'not the password' });
    const unknown = await login({ userEmail: 'nobody@example.com', userPassword: 'not the password' });
    const unknownPhone = await login({ userEmail: '0559876543', userPassword: 'not the password' });
    for (const res of [wrong, unknown, unknownPhone]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'LOGIN_FAILED',
        message: 'خطأ في البريد الإلكتروني أو كلمة المرور',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const english = await login({ userEmail: 'layla@example.com', userPassword: 'nope' }, { lang: 'en' });
    expect(english.json().message).toBe('Error in email or password');
  });

  it.each([
    [
      { userEmail: '', userPassword: 'x' },
      'LOGIN_EMAIL_REQUIRED',
      'تأكد من البريد الإلكتروني',
      'Make sure of the email',
    ],
    [
      { userEmail: 'layla@example.com', userPassword: '' },
      'PASSWORD_REQUIRED',
      'من فضلك أدخل كلمة المرور',
      'Please enter the password',
    ],
  ])('refuses %o with %s in both languages', async (body, code, ar, en) => {
    expect((await login(body)).json()).toMatchObject({ code, message: ar });
    expect((await login(body, { lang: 'en' })).json()).toMatchObject({ code, message: en });
  });

  it('refuses a deactivated account, with the same words', async () => {
    const gone = await insertUser(t.app.db, { active: false });
    const res = await login({ userEmail: gone.email, userPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('خطأ في البريد الإلكتروني أو كلمة المرور');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' });
    try {
      const someone = await insertUser(prod.app.db);
      const res = await prod.app.inject({
        method: 'POST',
        url: loginUrl,
        payload: { userEmail: someone.email, userPassword: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await prod.close();
    }
  }, 120_000);

  describe('logout', () => {
    it('ends the session server-side and clears the cookie', async () => {
      const { token } = (await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD })).json();
      const other = (await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD })).json()
        .token;
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.logout.pattern,
        headers: { cookie: `session=${token}`, origin: TEST_ORIGIN, host: TEST_HOST },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, code: 'LOGGED_OUT' });
      expect(String(res.headers['set-cookie'])).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);
      const after = await t.app.inject({
        method: 'GET',
        url: meUrl,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ code: 'UNAUTHORIZED', message: 'سجّل الدخول أولاً' });
      const afterEn = await t.app.inject({
        method: 'GET',
        url: `${meUrl}?lang=en`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(afterEn.json().message).toBe('Log in first');
      // Only that session ended.
      const still = await t.app.inject({
        method: 'GET',
        url: meUrl,
        headers: { authorization: `Bearer ${other}` },
      });
      expect(still.statusCode).toBe(200);
    });

    it('refuses a cookie-authenticated logout from another site (CSRF)', async () => {
      const { token } = (await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD })).json();
      for (const headers of [
        {},
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: apiPaths.logout.pattern,
          headers: { cookie: `session=${token}`, host: TEST_HOST, ...headers },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('CSRF_REJECTED');
      }
      const still = await t.app.inject({
        method: 'GET',
        url: meUrl,
        headers: { cookie: `session=${token}` },
      });
      expect(still.statusCode).toBe(200);
    });

    it('accepts a Bearer logout without Origin (no ambient credential)', async () => {
      const { token } = (await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD })).json();
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.logout.pattern,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: meUrl,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.statusCode).toBe(401);
    });
  });

  it('ignores expired sessions and tokens that are not ours', async () => {
    const { token } = (await login({ userEmail: 'layla@example.com', userPassword: TEST_PASSWORD })).json();
    await t.app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({
      method: 'GET',
      url: meUrl,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
    for (const bogus of ['x', 'a'.repeat(43), `${token}x`, "' or 1=1 --"]) {
      const res = await t.app.inject({
        method: 'GET',
        url: meUrl,
        headers: { authorization: `Bearer ${bogus}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  describe('throttling', () => {
    it('stops one address after 5 failures on an account, even with the right password, and tells when to retry', async () => {
      const target = await insertUser(t.app.db);
      const from = '198.51.100.7';
      for (let i = 0; i < 5; i++) {
        const res = await login(
          { userEmail: target.email, userPassword: 'guess' + i },
          { remoteAddress: from },
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await login(
        { userEmail: target.email, userPassword: TEST_PASSWORD },
        { remoteAddress: from },
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'طلبات كثيرة، حاول مرة أخرى بعد قليل',
      });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The owner, elsewhere, is not locked out.
      const owner = await login(
        { userEmail: target.email, userPassword: TEST_PASSWORD },
        { remoteAddress: '203.0.113.50' },
      );
      expect(owner.statusCode).toBe(200);
    });

    it('counts an account once whatever form its phone number is typed in', async () => {
      const target = await insertUser(t.app.db, { phone: '+966557654321' });
      const forms = ['0557654321', '557654321', '+966557654321', '٠٥٥٧٦٥٤٣٢١', '00966557654321'];
      for (const userEmail of forms) {
        const res = await login(
          { userEmail, userPassword: 'wrong guess' },
          { remoteAddress: '198.51.100.8' },
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await login(
        { userEmail: target.email.toUpperCase(), userPassword: 'wrong guess' },
        { remoteAddress: '198.51.100.8' },
      );
      expect(blocked.statusCode).toBe(429);
      // An unknown number is counted the same way.
      for (const userEmail of ['0559990000', '+966559990000', '559990000', '٠٥٥٩٩٩٠٠٠٠', '00966559990000']) {
        await login({ userEmail, userPassword: 'wrong guess' }, { remoteAddress: '198.51.100.9' });
      }
      const unknownBlocked = await login(
        { userEmail: '0559990000', userPassword: 'x' },
        { remoteAddress: '198.51.100.9' },
      );
      expect(unknownBlocked.statusCode).toBe(429);
    });

    it('caps failures on one account at 100 an hour from everywhere (OWASP ASVS)', async () => {
      const target = await insertUser(t.app.db);
      const attempts = [];
      for (let source = 0; source < 20; source++) {
        for (let i = 0; i < 5; i++) {
          attempts.push(
            login(
              { userEmail: target.email, userPassword: `guess-${source}-${i}` },
              { remoteAddress: `192.0.2.${source}` },
            ),
          );
        }
      }
      const results = await Promise.all(attempts);
      expect(results.every((r) => r.statusCode === 401)).toBe(true);
      const next = await login(
        { userEmail: target.email, userPassword: 'one more' },
        { remoteAddress: '192.0.2.200' },
      );
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }, 120_000);

    it('stops one address guessing across many accounts after 100 failures', async () => {
      const from = '198.51.100.99';
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login({ userEmail: `nobody-${i}@example.com`, userPassword: 'guess' }, { remoteAddress: from }),
        ),
      );
      expect(results.every((r) => r.statusCode === 401)).toBe(true);
      const next = await login(
        { userEmail: 'layla@example.com', userPassword: TEST_PASSWORD },
        { remoteAddress: from },
      );
      expect(next.statusCode).toBe(429);
    }, 120_000);
  });

  it('documents every accounts, cart and address call in the OpenAPI page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const names = [
      'login',
      'register',
      'logout',
      'currentUser',
      'userById',
      'updateUser',
      'updateUserV1',
      'changePassword',
      'deactivateUser',
      'forgotPassword',
      'resetPassword',
      'cartByUser',
      'cartInsert',
      'cartUpdate',
      'cartDelete',
      'cartDeleteAll',
      'addressesByUser',
      'addressAdd',
      'addressById',
      'addressUpdate',
      'addressDelete',
    ] as const;
    for (const name of names) {
      const openapiPath = apiPaths[name].pattern.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(doc.paths[openapiPath], name).toBeDefined();
    }
    const register = doc.paths[apiPaths.register.pattern].post;
    expect(Object.keys(register.requestBody.content)).toContain('multipart/form-data');
    expect(register.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('UserPhone');
  });

  it('keeps the account row untouched by failed logins', async () => {
    const [before] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    await login({ userEmail: user.email, userPassword: 'wrong password' });
    const [after] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
  });
});
