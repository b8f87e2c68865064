import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  adminContentPaths,
  adminOrderPaths,
  adminPaths,
  apiPaths,
  settingsSchema,
  type ImportJob,
} from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../../scripts/shop-server.mjs';
import { buildApp } from '../app.ts';
import { auditLog } from '../modules/audit/schema.ts';
import { cartItems } from '../modules/cart/schema.ts';
import { sliders } from '../modules/content/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { settings as settingsTable } from '../modules/settings/schema.ts';
import { staff } from '../modules/staff/schema.ts';
import { emailChanges, users } from '../modules/users/schema.ts';
import { loggerOptions, serializeError } from '../lib/log-safe.ts';
import { createSession } from '../modules/users/sessions.ts';
import { createResetToken } from '../modules/users/service.ts';
import { parseCsv } from '../lib/catalog-file/csv.ts';
import { CatalogImportError } from '../lib/catalog-file/format.ts';
import { readCatalogFile } from '../use-cases/catalog-import/import.ts';
import { importSettings } from '../use-cases/catalog-import/settings.ts';
import {
  cartOf,
  createShopper,
  orderRow,
  placeOrderCall,
  placeOrderOk,
  putInCart,
  type Shopper,
} from './shoppers.ts';
import {
  dumpDatabase,
  insertUser,
  multipart,
  signedInUser,
  snapshotUser,
  TEST_HOST,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestSession,
} from './users.ts';
import {
  carriesRunOf,
  CONTROL_CHARACTER_VALUES,
  deeplyNested,
  EVIL_HOST,
  expectApiError,
  expectSecurityHeaders,
  FORMULA_CELLS,
  logCapture,
  nestedArrays,
  outboxMails,
  SQL_PAYLOADS,
  startsFormula,
  UNSAFE_LINKS,
  waitForMail,
  XSS_PAYLOADS,
} from './attacks.ts';
import { createProduct, type ProductRow } from './factories.ts';
import { createTestApp, type TestContext } from './harness.ts';
import { insertMember, signedInMember, STAFF_PASSWORD, staffCookieToken } from './staff.ts';

/**
 * The attack run, kept as a suite so what it found stays fixed and what held keeps holding:
 * through the real app (the storefront mounted as `npm start` mounts it) on a real database.
 */
describe('attack suite', () => {
  let t: TestContext;
  let product: ProductRow;
  let ip = 0;
  const nextIp = () => `10.66.${Math.floor(++ip / 250)}.${ip % 250}`;
  const card = { number: '4111111111111111', name: 'Sara Ali', month: 12, year: 2099, cvc: '123' };

  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') });
    product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 1_000 });
  }, 180_000);
  afterAll(() => t.close());

  const api = (options: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...options });
  const page = (url: string, headers: Record<string, string> = {}) =>
    api({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  async function shopperWithCart(): Promise<Shopper> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    return shopper;
  }

  function putProfile(me: TestSession, fields: Record<string, string>, lang = 'en') {
    const form = multipart(fields);
    return api({
      method: 'PUT',
      url: `${apiPaths.updateUser.build({ id: me.userId })}?lang=${lang}`,
      payload: form.payload,
      headers: { ...me.cookie, ...form.headers },
    });
  }

  describe('open redirect after sign-in', () => {
    const hostile = ['/%09/evil.example', '/%0A/evil.example', '/%0D%0A//evil.example', '/.//evil.example'];

    it.each(['', '/en'])('sends a signed-in visitor home, not away (loader, %s)', async (prefix) => {
      const me = await signedInUser(t.app.db);
      for (const target of hostile) {
        const res = await page(`${prefix}/login?redirectTo=${target}`, { cookie: `session=${me.token}` });
        expect(res.statusCode, target).toBe(302);
        const followed = new URL(String(res.headers.location), `http://${TEST_HOST}${prefix}/login`);
        expect(followed.host, target).toBe(TEST_HOST);
        expect(followed.pathname, target).toBe(prefix || '/');
      }
    });

    it('keeps a form posted without JavaScript on the shop, and never answers 500', async () => {
      const user = await insertUser(t.app.db);
      for (const target of hostile) {
        const res = await api({
          method: 'POST',
          url: `/en/login?redirectTo=${target}`,
          headers: {
            host: TEST_HOST,
            origin: TEST_ORIGIN,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({ userEmail: user.email, userPassword: TEST_PASSWORD }).toString(),
        });
        expect(res.statusCode, target).toBe(302);
        expect(new URL(String(res.headers.location), TEST_ORIGIN).host, target).toBe(TEST_HOST);
      }
    });
  });

  describe('control characters', () => {
    it.each([
      ['/products?q=%00', 'ar', 'الطلب يحتوي على رموز غير مقبولة'],
      ['/en/products?q=a%00b', 'en', 'The address contains characters we cannot accept'],
    ])('%s answers the 400 page in the page language', async (url, lang, heading) => {
      const res = await page(url);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(res.body).toContain(heading);
    });

    it('search text: 400 with the field and its message in the request language', async () => {
      for (const [lang, message] of [
        ['ar', 'النص يحتوي على رموز غير مسموح بها'],
        ['en', 'The text contains characters that are not allowed'],
      ] as const) {
        const res = await api({
          method: 'POST',
          url: `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=${lang}`,
          payload: { productName: 'phone\u0000' },
        });
        expectApiError(res, 400, 'TEXT_CONTROL_CHARACTERS');
        expect(res.json().fields[0]).toMatchObject({ path: 'body.productName', message });
      }
    });

    it.each(CONTROL_CHARACTER_VALUES)('login e-mail %j: 400, not 500', async (value) => {
      const res = await api({
        method: 'POST',
        url: apiPaths.login.pattern,
        payload: { userEmail: value, userPassword: 'whatever-1' },
      });
      expectApiError(res, 400, 'TEXT_CONTROL_CHARACTERS');
    });

    it('registration, address, order note and profile refuse them; a textarea keeps its newlines', async () => {
      const register = await api({
        method: 'POST',
        url: apiPaths.register.pattern,
        payload: {
          UserName: 'Bell\u0007',
          UserPhone: '0551234567',
          UserEmail: 'b@example.com',
          UserPassword: 'long enough 1',
        },
      });
      expectApiError(register, 400, 'TEXT_CONTROL_CHARACTERS');
      const me = await signedInUser(t.app.db);
      const address = (fields: Record<string, string>) =>
        api({
          method: 'POST',
          url: apiPaths.addressAdd.pattern,
          headers: me.cookie,
          payload: { name: 'Home', ...fields },
        });
      expectApiError(await address({ city: 'Riy\u0000adh' }), 400, 'TEXT_CONTROL_CHARACTERS');
      expect((await address({ address: 'Line one\r\nLine two\tend' })).statusCode).toBe(200);
      const shopper = await shopperWithCart();
      expectApiError(
        await placeOrderCall(t, shopper, { invoiceNote: 'ring\u0000twice' }),
        400,
        'TEXT_CONTROL_CHARACTERS',
      );
      expectApiError(await putProfile(me, { UserName: 'Nul\u0000' }), 400, 'TEXT_CONTROL_CHARACTERS');
    });

    it('no log line carries more than 64 characters of a value someone sent', async () => {
      const { lines, stream } = logCapture();
      const logged = await buildApp({
        config: { ...t.config, logLevel: 'info' },
        database: t.database,
        logger: { ...loggerOptions({ logLevel: 'info' }), stream },
      });
      try {
        const secret = Array.from({ length: 300 }, (_, i) => `v${i.toString(36)}`).join('');
        await logged.inject({ method: 'GET', url: `/api/Product/Select/Product/All?x=${secret}` });
        await logged.inject({ method: 'GET', url: '/api/nope', headers: { host: `${secret}.example` } });
        expect(lines.length).toBeGreaterThan(0);
        expect(carriesRunOf(lines, secret, 65)).toBe(false);
        // A failed query: its SQL text is kept, its parameters are not.
        const failure = Object.assign(new Error(`Failed query: select 1 where a = $1\nparams: ${secret}`), {
          query: 'select 1 where a = $1',
          params: [secret],
          cause: new Error(`invalid input syntax for type uuid: "${secret}"`),
        });
        const line = JSON.stringify(serializeError(failure));
        expect(line).toContain('select 1 where a = $1');
        expect(carriesRunOf([line], secret, 65)).toBe(false);
      } finally {
        await logged.close();
      }
    });
  });

  describe('profile changes', () => {
    it('a new e-mail or phone needs the current password; without it or with a wrong one nothing changes', async () => {
      const me = await signedInUser(t.app.db);
      const before = await snapshotUser(t.app.db, me.userId);
      expectApiError(
        await putProfile(me, { UserEmail: 'thief@example.com' }),
        400,
        'CURRENT_PASSWORD_REQUIRED',
      );
      expectApiError(
        await putProfile(me, { UserPhone: '0559876543', currentPassword: 'not the password' }),
        400,
        'PASSWORD_INCORRECT',
      );
      expect(await snapshotUser(t.app.db, me.userId)).toBe(before);
    });

    it('a new e-mail takes effect only through the link sent to it, once; the old address is told', async () => {
      const me = await signedInUser(t.app.db);
      const res = await putProfile(me, { UserEmail: 'new-home@example.com', currentPassword: TEST_PASSWORD });
      expect(res.json()).toMatchObject({ code: 'EMAIL_CHANGE_REQUESTED', userEmail: me.user.email });
      const link = await waitForMail(t.config.outboxDir, (m) => m.includes('To: new-home@example.com'));
      await waitForMail(
        t.config.outboxDir,
        (m) => m.includes(`To: ${me.user.email}`) && m.includes('n***@example.com'),
      );
      const url = new URL(/https?:\/\/\S+/.exec(link)![0]);
      expect(url.origin).toBe('http://localhost:3000');
      expect(url.pathname).toBe('/en/confirm-email');
      const token = url.searchParams.get('token')!;
      // Stored hashed: a copy of the database opens nothing.
      expect(await dumpDatabase(t.app.db)).not.toContain(token);
      const confirm = () =>
        api({ method: 'POST', url: `${apiPaths.confirmEmail.pattern}?lang=en`, payload: { token } });
      expect((await confirm()).json()).toMatchObject({ code: 'EMAIL_CHANGED' });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, me.userId));
      expect(row?.email).toBe('new-home@example.com');
      expectApiError(await confirm(), 400, 'EMAIL_CHANGE_TOKEN_INVALID');
    });

    it('the confirmation page asks for a press (a link scanner confirms nothing), then confirms', async () => {
      const me = await signedInUser(t.app.db);
      await putProfile(me, { UserEmail: 'pressed@example.com', currentPassword: TEST_PASSWORD });
      const mail = await waitForMail(t.config.outboxDir, (m) => m.includes('To: pressed@example.com'));
      const link = new URL(/https?:\/\/\S+/.exec(mail)![0]);
      const opened = await page(`${link.pathname}${link.search}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('Confirm the new e-mail');
      const unchanged = await t.app.db.select().from(users).where(eq(users.id, me.userId));
      expect(unchanged[0]?.email).toBe(me.user.email);
      const pressed = await api({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: {
          host: TEST_HOST,
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: '',
      });
      expect(pressed.statusCode).toBe(200);
      expect(pressed.body).toContain('The new e-mail address is confirmed');
    });

    it('an expired link does not work', async () => {
      const me = await signedInUser(t.app.db);
      await putProfile(me, { UserEmail: 'late@example.com', currentPassword: TEST_PASSWORD });
      const mail = await waitForMail(t.config.outboxDir, (m) => m.includes('To: late@example.com'));
      const token = new URL(/https?:\/\/\S+/.exec(mail)![0]).searchParams.get('token')!;
      await t.app.db
        .update(emailChanges)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(emailChanges.userId, me.userId));
      expectApiError(
        await api({ method: 'POST', url: apiPaths.confirmEmail.pattern, payload: { token } }),
        400,
        'EMAIL_CHANGE_TOKEN_INVALID',
      );
    });

    it('answers a taken e-mail exactly as a free one, and sends the taken one no link', async () => {
      const me = await signedInUser(t.app.db);
      const other = await insertUser(t.app.db);
      const taken = await putProfile(me, { UserEmail: other.email, currentPassword: TEST_PASSWORD });
      const free = await putProfile(me, {
        UserEmail: 'free-one@example.com',
        currentPassword: TEST_PASSWORD,
      });
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.json().code).toBe(free.json().code);
      expect(taken.json().message).toBe(free.json().message);
      await waitForMail(t.config.outboxDir, (m) => m.includes('To: free-one@example.com'));
      const mails = await outboxMails(t.config.outboxDir);
      expect(mails.some((m) => m.includes(`To: ${other.email}`) && m.includes('confirm-email'))).toBe(false);
    });

    it('throttles profile changes per account (10 an hour by default)', async () => {
      const me = await signedInUser(t.app.db);
      for (let i = 0; i < 10; i++)
        expect((await putProfile(me, { UserName: `Name ${i} ${me.userId.slice(0, 6)}` })).statusCode).toBe(
          200,
        );
      const res = await putProfile(me, { UserName: 'One too many' });
      expectApiError(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('Host header and X-Forwarded-*', () => {
    const forged = { host: EVIL_HOST, 'x-forwarded-host': EVIL_HOST, 'x-forwarded-proto': 'https' };

    it.each(['/robots.txt', '/sitemap.xml', '/en/products'])(
      '%s names the shop, not the Host sent',
      async (url) => {
        const res = await page(url, forged);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(EVIL_HOST);
        if (url !== '/en/products') expect(res.body).toContain('http://localhost:3000/');
      },
    );

    it('product page: canonical and Open Graph links name the shop', async () => {
      const res = await page(`/product/${product.id}`, forged);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\//);
      expect(res.body).not.toContain(EVIL_HOST);
    });

    it('the payment callback URL names the shop', async () => {
      const shopper = await shopperWithCart();
      const res = await api({
        method: 'POST',
        url: apiPaths.payInvoice.build({}),
        headers: { ...shopper.headers, ...forged },
        payload: { userId: shopper.id, invoiceUserAdress: 'Riyadh', products: [] },
      });
      expect(res.statusCode).toBe(201);
      expect(new URL(res.json().payment.callbackUrl).origin).toBe('http://localhost:3000');
    });

    it('the reset link names the shop', async () => {
      const user = await insertUser(t.app.db);
      await api({
        method: 'POST',
        url: apiPaths.forgotPassword.pattern,
        headers: forged,
        payload: { userEmail: user.email },
      });
      const mail = await waitForMail(
        t.config.outboxDir,
        (m) => m.includes(`To: ${user.email}`) && m.includes('reset-password'),
      );
      expect(mail).not.toContain(EVIL_HOST);
      expect(mail).toContain('http://localhost:3000/reset-password?token=');
    });

    it('X-Forwarded-For counts only from a trusted proxy (TRUST_PROXY list, LOGIN_LIMIT_PER_IP)', async () => {
      const proxied = await createTestApp({ TRUST_PROXY: '10.9.0.0/16', LOGIN_LIMIT_PER_IP: '2' });
      try {
        const attempt = (remoteAddress: string, forwardedFor: string, n: number) =>
          proxied.app.inject({
            method: 'POST',
            url: apiPaths.login.pattern,
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor },
            payload: { userEmail: `nobody-${n}@example.com`, userPassword: 'wrong password' },
          });
        // An untrusted peer cannot pose as many clients: its own address is counted.
        const direct = [];
        for (let n = 0; n < 3; n++)
          direct.push((await attempt('203.0.113.5', `198.51.100.${n}`, n)).statusCode);
        expect(direct).toEqual([401, 401, 429]);
        // Behind the trusted proxy, each client is counted on its own.
        const behind = [];
        for (let n = 0; n < 3; n++) behind.push((await attempt('10.9.0.1', `198.51.100.${n}`, n)).statusCode);
        expect(behind).toEqual([401, 401, 401]);
      } finally {
        await proxied.close();
      }
    });

    it('reflects no header injection: a CRLF in the language parameter sets no header', async () => {
      const res = await api({
        method: 'GET',
        url: '/api/Agent/Select/All/Agent?lang=en%0d%0aSet-Cookie:%20x=1',
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('security headers on every answer', () => {
    it.each([
      ['an API answer', { method: 'GET', url: apiPaths.agents.pattern }, 200],
      ['an unknown API path', { method: 'GET', url: '/api/nope' }, 404],
      ['a path the router cannot read (API)', { method: 'GET', url: '/api/Product/Select/Product/1%' }, 400],
      ['a path the router cannot read (page)', { method: 'GET', url: '/product/1%' }, 404],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: apiPaths.login.pattern,
          payload: '{"userEmail":',
          headers: { 'content-type': 'application/json' },
        },
        400,
      ],
      [
        'a body over the limit',
        {
          method: 'POST',
          url: apiPaths.login.pattern,
          payload: JSON.stringify({ userEmail: 'x'.repeat(1_100_000) }),
          headers: { 'content-type': 'application/json' },
        },
        413,
      ],
      ['a page', { method: 'GET', url: '/en' }, 200],
      ['a missing page', { method: 'GET', url: '/en/no-such-page' }, 404],
    ] as const)('%s', async (what, options, status) => {
      const res = await api(options as InjectOptions);
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
      expect(String(res.headers['permissions-policy'])).toMatch(/geolocation=\(self\)/);
    });

    it('a request Node cannot parse gets the same headers and the error shape', async () => {
      // Listening from here on: later cases do not depend on the origin, which now has a real port.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = createConnection({ port, host: '127.0.0.1' }, () =>
          socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400/);
      expect(raw.toLowerCase()).toContain('permissions-policy: ');
      expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('IDOR on every owned resource', () => {
    it('cart, addresses, profile, orders and order lines of another user: 403/404, nothing changed', async () => {
      const victim = await signedInUser(t.app.db);
      const attacker = await signedInUser(t.app.db);
      await putInCart(t.app.db, victim.userId, product.id, 1);
      const [line] = await t.app.db.select().from(cartItems).where(eq(cartItems.userId, victim.userId));
      const added = await api({
        method: 'POST',
        url: apiPaths.addressAdd.pattern,
        headers: victim.cookie,
        payload: { name: 'Home' },
      });
      const addressId = added.json()._id as string;
      const victimShopper: Shopper = {
        id: victim.userId,
        headers: { authorization: `Bearer ${victim.token}` },
      };
      const order = await placeOrderOk(t, victimShopper);
      const before = await snapshotUser(t.app.db, victim.userId);
      const calls = [
        { method: 'GET', url: apiPaths.cartByUser.build({ userId: victim.userId }) },
        { method: 'DELETE', url: apiPaths.cartDelete.build({ carId: line!.id }) },
        { method: 'PUT', url: apiPaths.cartUpdate.build({ carId: line!.id, count: 5 }) },
        { method: 'DELETE', url: apiPaths.cartDeleteAll.build({ userId: victim.userId }) },
        {
          method: 'POST',
          url: apiPaths.cartInsert.pattern,
          payload: { productId: product.id, userId: victim.userId },
        },
        { method: 'GET', url: apiPaths.addressesByUser.build({ userId: victim.userId }) },
        { method: 'GET', url: apiPaths.addressById.build({ id: addressId }) },
        { method: 'PUT', url: apiPaths.addressUpdate.build({ id: addressId }), payload: { name: 'Owned' } },
        { method: 'DELETE', url: apiPaths.addressDelete.build({ id: addressId }) },
        { method: 'GET', url: apiPaths.userById.build({ id: victim.userId }) },
        {
          method: 'PUT',
          url: apiPaths.updateUser.build({ id: victim.userId }),
          payload: { UserName: 'Owned' },
        },
        {
          method: 'PUT',
          url: apiPaths.changePassword.build({ id: victim.userId }),
          payload: { oldPassword: TEST_PASSWORD, password: 'owned owned 1' },
        },
        {
          method: 'PUT',
          url: apiPaths.deactivateUser.build({ id: victim.userId }),
          payload: { password: TEST_PASSWORD },
        },
        { method: 'GET', url: apiPaths.ordersByUser.build({ userId: victim.userId }) },
        { method: 'GET', url: apiPaths.orderById.build({ invoiceId: order.invoiceId }) },
        { method: 'GET', url: apiPaths.orderLines.build({ invoiceId: order.invoiceId }) },
        {
          method: 'POST',
          url: apiPaths.sandboxPay.build({}),
          payload: { invoiceId: order.invoiceId, ...card },
        },
      ] as const;
      for (const call of calls) {
        const res = await api({ ...call, headers: attacker.cookie } as InjectOptions);
        expect([403, 404], `${call.method} ${call.url}: ${res.body}`).toContain(res.statusCode);
      }
      expect(await snapshotUser(t.app.db, victim.userId)).toBe(before);
      expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    });

    it("a payment of another user's order cannot be verified by the attacker", async () => {
      const victim = await shopperWithCart();
      const attacker = await createShopper(t.app.db);
      const order = await placeOrderOk(t, victim);
      const paid = await api({
        method: 'POST',
        url: apiPaths.sandboxPay.build({}),
        headers: victim.headers,
        payload: { invoiceId: order.invoiceId, ...card },
      });
      const res = await api({
        method: 'POST',
        url: apiPaths.verifyPayment.build({}),
        headers: attacker.headers,
        payload: { id: paid.json().id },
      });
      expect([403, 404]).toContain(res.statusCode);
    });
  });

  describe('tampering and payments', () => {
    it('prices, totals and products sent by the client are ignored', async () => {
      const shopper = await shopperWithCart();
      const res = await placeOrderCall(t, shopper, {
        amount: 1,
        total: 1,
        productPrice: 0.01,
        products: [{ productId: product.id, productPrice: 0.01, quantity: 100 }],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().amount).toBeGreaterThanOrEqual(25_000);
    });

    it.each(['0', '-1', '1e9', '11', '1.5', '999999999999'])('quantity %s is refused', async (count) => {
      const me = await signedInUser(t.app.db);
      await putInCart(t.app.db, me.userId, product.id, 1);
      const [line] = await t.app.db.select().from(cartItems).where(eq(cartItems.userId, me.userId));
      const res = await api({
        method: 'PUT',
        url: `/api/Cart/Update/Cart/${line!.id}/${count}`,
        headers: me.cookie,
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect((await cartOf(t.app.db, me.userId))[0]?.count).toBe(1);
    });

    it('a payment of the wrong amount does not pay the order', async () => {
      const shopper = await shopperWithCart();
      const order = await placeOrderOk(t, shopper);
      const paid = await api({
        method: 'POST',
        url: apiPaths.sandboxPay.build({}),
        headers: shopper.headers,
        payload: { invoiceId: order.invoiceId, ...card, amount: 100 },
      });
      const res = await api({
        method: 'POST',
        url: apiPaths.verifyPayment.build({}),
        headers: shopper.headers,
        payload: { id: paid.json().id },
      });
      expectApiError(res, 402, 'PAYMENT_AMOUNT_MISMATCH');
      expect((await orderRow(t.app.db, order.invoiceId)).status).not.toBe('paid');
    });

    it('a replayed verification pays one order once', async () => {
      const shopper = await shopperWithCart();
      const order = await placeOrderOk(t, shopper);
      const paid = await api({
        method: 'POST',
        url: apiPaths.sandboxPay.build({}),
        headers: shopper.headers,
        payload: { invoiceId: order.invoiceId, ...card },
      });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          api({
            method: 'POST',
            url: apiPaths.verifyPayment.build({}),
            headers: shopper.headers,
            payload: { id: paid.json().id },
          }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const rows = await t.app.db.select().from(orders).where(eq(orders.userId, shopper.id));
      expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1);
    });
  });

  describe('CSRF, method override, brute force', () => {
    it('a cookie-authenticated change from another site or with no origin is refused', async () => {
      const me = await signedInUser(t.app.db);
      const before = await snapshotUser(t.app.db, me.userId);
      for (const headers of [
        { cookie: `session=${me.token}`, host: TEST_HOST, origin: `https://${EVIL_HOST}` },
        { cookie: `session=${me.token}`, host: TEST_HOST, referer: `https://${EVIL_HOST}/page` },
        { cookie: `session=${me.token}`, host: TEST_HOST },
        { cookie: `session=${me.token}`, host: TEST_HOST, origin: 'null' },
      ]) {
        const res = await api({
          method: 'POST',
          url: apiPaths.addressAdd.pattern,
          headers,
          payload: { name: 'CSRF' },
        });
        expectApiError(res, 403, 'CSRF_REJECTED');
      }
      expect(await snapshotUser(t.app.db, me.userId)).toBe(before);
    });

    it('X-HTTP-Method-Override and ?_method do not turn a read into a delete', async () => {
      const me = await signedInUser(t.app.db);
      await putInCart(t.app.db, me.userId, product.id, 1);
      for (const options of [
        {
          method: 'GET',
          url: apiPaths.cartByUser.build({ userId: me.userId }),
          headers: { ...me.bearer, 'x-http-method-override': 'DELETE' },
        },
        {
          method: 'POST',
          url: `${apiPaths.cartDeleteAll.build({ userId: me.userId })}?_method=DELETE`,
          headers: { ...me.bearer, 'x-http-method': 'DELETE' },
        },
      ] as const) {
        const res = await api(options);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await cartOf(t.app.db, me.userId)).toHaveLength(1);
    });

    it('password guessing on one account from one address stops after 5 tries', async () => {
      const user = await insertUser(t.app.db);
      const codes = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: apiPaths.login.pattern,
          remoteAddress: '10.77.0.1',
          payload: { userEmail: user.email, userPassword: `guess ${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
    });
  });

  describe('stored and reflected XSS, SQL text', () => {
    it('a name, address fields and an order note with markup are shown as text', async () => {
      const payload = XSS_PAYLOADS[0];
      const me = await signedInUser(t.app.db, { name: `${payload} ${Date.now()}` });
      await api({
        method: 'POST',
        url: apiPaths.addressAdd.pattern,
        headers: me.cookie,
        payload: {
          name: XSS_PAYLOADS[1],
          city: XSS_PAYLOADS[2],
          zone: payload,
          closeSign: payload,
          address: payload,
        },
      });
      const shopper: Shopper = { id: me.userId, headers: { authorization: `Bearer ${me.token}` } };
      await putInCart(t.app.db, me.userId, product.id, 1);
      const order = await placeOrderOk(t, { ...shopper });
      await t.app.db.update(orders).set({ note: payload }).where(eq(orders.id, order.invoiceId));
      for (const url of [
        '/en/user/profile',
        '/en/user/addresses',
        `/en/order/details/${order.invoiceId}`,
        '/en/user/allorders',
      ]) {
        const res = await page(url, { cookie: `session=${me.token}` });
        expect(res.statusCode, url).toBe(200);
        for (const markup of XSS_PAYLOADS.slice(0, 3))
          expect(res.body, `${url}: ${markup}`).not.toContain(markup);
      }
    });

    it('a product name and description with markup are shown as text', async () => {
      const evil = await createProduct(t.app.db, { nameEn: XSS_PAYLOADS[1], descriptionEn: XSS_PAYLOADS[0] });
      const res = await page(`/en/product/${evil.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(XSS_PAYLOADS[0]);
      expect(res.body).not.toContain(XSS_PAYLOADS[1]);
    });

    it.each(XSS_PAYLOADS.slice(0, 3))('search text %j is reflected as text', async (markup) => {
      const res = await page(`/en/products?q=${encodeURIComponent(markup)}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(markup);
    });

    it('SQL text in search, login and registration is only text', async () => {
      for (const text of SQL_PAYLOADS) {
        const search = await api({
          method: 'POST',
          url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
          payload: { productName: text },
        });
        expect(search.statusCode, text).toBe(200);
        expect(search.json().products, text).toEqual([]);
        const login = await api({
          method: 'POST',
          url: apiPaths.login.pattern,
          payload: { userEmail: `${text}@x.example`, userPassword: text },
        });
        expect(login.statusCode, text).toBe(401);
      }
      const [count] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(count!.n).toBeGreaterThan(0);
    });
  });

  describe('uploads, oversized and nested bodies, prototype pollution', () => {
    it('a script dressed as an image is refused; a real image gets a generated name', async () => {
      const me = await signedInUser(t.app.db);
      const svg = multipart({}, [
        {
          name: 'userImage',
          filename: '../../evil.png',
          contentType: 'image/png',
          data: Buffer.from('<svg onload=alert(1)>'),
        },
      ]);
      const refused = await api({
        method: 'PUT',
        url: apiPaths.updateUser.build({ id: me.userId }),
        payload: svg.payload,
        headers: { ...me.cookie, ...svg.headers },
      });
      expectApiError(refused, 415, 'IMAGE_INVALID');
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const good = multipart({}, [
        { name: 'userImage', filename: '../../evil.png', contentType: 'image/png', data: png },
      ]);
      const saved = await api({
        method: 'PUT',
        url: apiPaths.updateUser.build({ id: me.userId }),
        payload: good.payload,
        headers: { ...me.cookie, ...good.headers },
      });
      expect(saved.json().userImage).toMatch(/^\/uploads\/users\/[0-9a-f-]{36}\.webp$/);
    });

    it('a body over 1 MB: 413 in the error shape', async () => {
      const res = await api({
        method: 'POST',
        url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
        payload: { productName: 'x'.repeat(1_100_000) },
      });
      expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('a deeply nested body: a 4xx in the error shape, not a crash', async () => {
      for (const depth of [1_000, 100_000]) {
        const res = await api({
          method: 'POST',
          url: apiPaths.cartInsert.pattern,
          headers: { 'content-type': 'application/json' },
          payload: deeplyNested(depth),
        });
        expect(res.statusCode, String(depth)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, String(depth)).toBeLessThan(500);
      }
    });

    it('__proto__ and constructor keys pollute nothing', async () => {
      const me = await signedInUser(t.app.db);
      const body =
        '{"productId":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
      for (const url of [apiPaths.cartInsert.pattern, apiPaths.addressAdd.pattern, apiPaths.login.pattern]) {
        const res = await api({
          method: 'POST',
          url,
          headers: { ...me.bearer, 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, url).toBeLessThan(500);
      }
      const form = multipart({ __proto__: 'x', UserName: `Proto ${me.userId.slice(0, 8)}` } as Record<
        string,
        string
      >);
      await api({
        method: 'PUT',
        url: apiPaths.updateUser.build({ id: me.userId }),
        payload: form.payload,
        headers: { ...me.cookie, ...form.headers },
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  });

  describe('a staff member reaching owner-only settings through a catalog file', () => {
    const upload = (headers: Record<string, string>, file: object | string, lang: 'ar' | 'en' = 'en') => {
      const body = multipart({}, [
        {
          name: 'file',
          filename: 'catalog.json',
          contentType: 'application/json',
          data: Buffer.from(typeof file === 'string' ? file : JSON.stringify(file)),
        },
      ]);
      return api({
        method: 'POST',
        url: `${adminContentPaths.importJobs.pattern}?lang=${lang}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const publicSettings = async () =>
      settingsSchema.parse((await api({ method: 'GET', url: `${apiPaths.settings.pattern}?lang=en` })).json())
        .data;
    const waitForJob = async (headers: Record<string, string>, id: string): Promise<ImportJob> => {
      for (;;) {
        const job = (
          await api({ method: 'GET', url: adminContentPaths.importJob.build({ id }), headers })
        ).json();
        if (job.status !== 'running') return job as ImportJob;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    it('the attack file: refused to staff in both languages, nothing changes, the settings form agrees', async () => {
      const staff = await signedInMember(t.app.db);
      const before = await publicSettings();
      const file = {
        settings: {
          shippingFee: 0,
          taxNumber: '399999999999993',
          sellerName: { ar: 'بائع آخر', en: 'Another seller' },
          email: `refunds@${EVIL_HOST}`,
          socialLinks: { instagram: `http://${EVIL_HOST}/phish`, whatsapp: UNSAFE_LINKS[3] },
        },
      };
      // The same file with links the settings form accepts: refused for the role alone.
      const allowedLinks = {
        settings: { ...file.settings, socialLinks: { instagram: 'https://instagram.com/x' } },
      };
      for (const [lang, message] of [
        ['en', 'Only an owner can change the shop\'s settings: remove the "settings" section'],
        ['ar', 'لا يغيّر إعدادات المتجر إلا المالك'],
      ] as const)
        for (const sent of [file, allowedLinks]) {
          const res = await upload(staff.headers, sent, lang);
          expectApiError(res, 403, 'IMPORT_SETTINGS_OWNER_ONLY');
          expect(res.json().message).toContain(message);
        }
      expect(await publicSettings()).toEqual(before);
      const form = await api({
        method: 'PUT',
        url: adminContentPaths.settings.pattern,
        headers: staff.headers,
        payload: { shippingFee: 0 },
      });
      expectApiError(form, 403, 'STAFF_ROLE_REQUIRED');
    });

    it("an owner's file that changes settings: staff cannot start it, the owner can, audited as settings.update", async () => {
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      const staff = await signedInMember(t.app.db);
      const fee = 12.5;
      const checked = await upload(owner.headers, { settings: { shippingFee: fee } });
      const job = checked.json().job as ImportJob;
      expect(job.status).toBe('checked');
      expect(job.summary?.settings).toBe(1);
      const start = (headers: Record<string, string>) =>
        api({ method: 'POST', url: adminContentPaths.importStart.build({ id: job.id }), headers });
      expectApiError(await start(staff.headers), 403, 'IMPORT_SETTINGS_OWNER_ONLY');
      expect((await publicSettings()).shippingFee).not.toBe(fee);
      expect((await start(owner.headers)).statusCode).toBe(200);
      expect((await waitForJob(owner.headers, job.id)).status).toBe('done');
      expect((await publicSettings()).shippingFee).toBe(fee);
      const [entry] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.staffId, owner.member.id)));
      expect(entry).toMatchObject({ actor: owner.member.email, after: { shippingFee: fee } });
    });

    it('a file whose settings change nothing (an export imported again) passes for staff and writes none', async () => {
      const staff = await signedInMember(t.app.db);
      const exported = await api({
        method: 'GET',
        url: `${adminContentPaths.catalogExport.pattern}?format=json`,
        headers: staff.headers,
      });
      const { settings } = JSON.parse(exported.body) as { settings: object };
      const res = await upload(staff.headers, { settings });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().job as ImportJob).summary?.settings).toBe(0);
    });
  });

  describe('link schemes at every entry and on the page', () => {
    it('the settings form and the slide form refuse every unsafe link', async () => {
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      for (const link of UNSAFE_LINKS) {
        const social = await api({
          method: 'PUT',
          url: adminContentPaths.settings.pattern,
          headers: owner.headers,
          payload: { socialLinks: { instagram: link } },
        });
        expectApiError(social, 400, 'URL_INVALID');
        const whatsapp = await api({
          method: 'PUT',
          url: adminContentPaths.settings.pattern,
          headers: owner.headers,
          payload: { whatsapp: link },
        });
        expectApiError(whatsapp, 400, 'PHONE_INVALID');
        const form = multipart({ linkAr: link, linkEn: '/' }, [
          { name: 'imageAr', filename: 'slide.png', contentType: 'image/png', data: png },
        ]);
        const slide = await api({
          method: 'POST',
          url: adminContentPaths.sliders.pattern,
          headers: { ...owner.headers, ...form.headers },
          payload: form.payload,
        });
        expectApiError(slide, 400, 'LINK_INVALID');
      }
    });

    it("an owner's catalog file with an unsafe link is invalid at the link's field (back office)", async () => {
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      for (const link of UNSAFE_LINKS) {
        const body = multipart({}, [
          {
            name: 'file',
            filename: 'catalog.json',
            contentType: 'application/json',
            data: Buffer.from(
              JSON.stringify({
                settings: { socialLinks: { instagram: link, whatsapp: link } },
                sliders: [{ image: product.image, link: { ar: link, en: '/' } }],
              }),
            ),
          },
        ]);
        const res = await api({
          method: 'POST',
          url: `${adminContentPaths.importJobs.pattern}?lang=en`,
          headers: { ...owner.headers, ...body.headers },
          payload: body.payload,
        });
        const job = res.json().job as ImportJob;
        expect(job.status, link).toBe('invalid');
        const fields = job.errors.map((e) => `${e.section}.${e.field}`);
        expect(fields, link).toEqual(
          expect.arrayContaining([
            'settings.socialLinks.instagram',
            'settings.socialLinks.whatsapp',
            'sliders.link.ar',
          ]),
        );
      }
    });

    it('the command-line import refuses the same links before it opens the database', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'attack-import-'));
      try {
        for (const link of UNSAFE_LINKS) {
          const file = path.join(dir, 'catalog.json');
          await writeFile(
            file,
            JSON.stringify({
              settings: { socialLinks: { instagram: link } },
              sliders: [{ image: 'slide.png', link: { ar: '/', en: link } }],
            }),
          );
          const refused = await readCatalogFile(file, importSettings).catch((error: unknown) => error);
          expect(refused, link).toBeInstanceOf(CatalogImportError);
          const issues = (refused as CatalogImportError).issues.join('\n');
          expect(issues, link).toContain('settings.socialLinks.instagram');
          expect(issues, link).toContain('sliders[0].link.en');
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('a link that reached the database some other way is not rendered on any page', async () => {
      const [evil, evilData] = [UNSAFE_LINKS[0], UNSAFE_LINKS[3]];
      await t.app.db
        .insert(settingsTable)
        .values({
          key: 'socialLinks',
          value: { instagram: UNSAFE_LINKS[5], x: evil, whatsapp: evilData, tiktok: UNSAFE_LINKS[4] },
        })
        .onConflictDoUpdate({ target: settingsTable.key, set: { value: sql`excluded.value` } });
      const [slide] = await t.app.db
        .insert(sliders)
        .values({ imageAr: product.image, imageEn: product.image, linkAr: evilData, linkEn: evil, sort: 0 })
        .returning();
      try {
        for (const topic of ['settings', 'content'] as const) await t.app.changes.publish({ topic });
        for (const url of ['/', '/en', '/en/products']) {
          const res = await page(url);
          for (const scheme of ['javascript:', 'data:', 'vbscript:', `http://${EVIL_HOST}`])
            expect(res.body, `${url}: ${scheme}`).not.toMatch(new RegExp(`href="\\s*${scheme}`, 'i'));
        }
        const answered = (await t.app.inject({ url: `${apiPaths.sliders.pattern}?lang=en` })).json();
        expect(JSON.stringify(answered)).not.toContain('javascript:');
      } finally {
        await t.app.db.delete(sliders).where(eq(sliders.id, slide!.id));
        await t.app.db.delete(settingsTable).where(eq(settingsTable.key, 'socialLinks'));
        for (const topic of ['settings', 'content'] as const) await t.app.changes.publish({ topic });
      }
    });
  });

  describe('page actions without an Origin or Referer', () => {
    const form = (
      url: string,
      cookie: string,
      fields: Record<string, string>,
      headers: Record<string, string>,
    ) =>
      api({
        method: 'POST',
        url,
        headers: {
          host: TEST_HOST,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const roleOf = async (id: string) =>
      (await t.app.db.select({ role: staff.role }).from(staff).where(eq(staff.id, id)))[0]?.role;
    const foreign = { origin: `https://${EVIL_HOST}` };
    const none = {};
    const same = { origin: TEST_ORIGIN };

    it("a member's promotion: refused with none or a foreign Origin (page and .data), done from the shop", async () => {
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      const member = await insertMember(t.app.db);
      const cookie = `staff_session=${owner.token}`;
      const fields = { intent: 'role', id: member.id, role: 'owner' };
      for (const url of ['/dashboard/staff', '/en/dashboard/staff', '/dashboard/staff.data'])
        for (const headers of [none, foreign, { referer: `https://${EVIL_HOST}/x` }, { origin: 'null' }]) {
          const res = await form(url, cookie, fields, headers);
          expectApiError(res, 403, 'CSRF_REJECTED');
          expect(await roleOf(member.id), `${url} ${JSON.stringify(headers)}`).toBe('staff');
        }
      const done = await form('/en/dashboard/staff', cookie, fields, {
        ...same,
        'sec-fetch-dest': 'document',
      });
      expect(done.statusCode, done.body).toBe(302);
      expect(await roleOf(member.id)).toBe('owner');
      const byReferer = await form(
        '/dashboard/staff.data',
        cookie,
        { ...fields, role: 'staff' },
        { referer: `${TEST_ORIGIN}/dashboard/staff` },
      );
      expect(byReferer.statusCode, byReferer.body).toBeLessThan(400);
      expect(await roleOf(member.id)).toBe('staff');
    });

    it('every page of the route table refuses a post without an Origin, with either session', async () => {
      const build = (await import(pathToFileURL(path.join(root, 'apps/web/build/server/index.js')).href)) as {
        routes: Record<string, { path?: string }>;
      };
      const pages = Object.values(build.routes)
        .filter((r) => r.path !== undefined)
        .map((r) => `/${r.path!.replace(/:[a-zA-Z]+/g, '1').replace('*', 'anything')}`);
      expect(pages.length).toBeGreaterThan(40);
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      const shopper = await signedInUser(t.app.db);
      const cookie = `staff_session=${owner.token}; session=${shopper.token}`;
      for (const url of pages)
        for (const method of ['POST', 'PUT', 'DELETE'] as const) {
          const res = await api({
            method,
            url,
            headers: { host: TEST_HOST, cookie, 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'intent=x',
          });
          expectApiError(res, 403, 'CSRF_REJECTED');
        }
    });

    it("a customer's deactivation and a shopper's sign-out: refused without an Origin", async () => {
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      const customer = await signedInUser(t.app.db);
      for (const url of [
        `/dashboard/customers/${customer.userId}`,
        `/dashboard/customers/${customer.userId}.data`,
      ])
        expectApiError(
          await form(url, `staff_session=${owner.token}`, { intent: 'deactivate', confirm: '1' }, none),
          403,
          'CSRF_REJECTED',
        );
      const [row] = await t.app.db
        .select({ active: users.active })
        .from(users)
        .where(eq(users.id, customer.userId));
      expect(row?.active).toBe(true);
      for (const url of ['/logout', '/en/logout', '/logout.data'])
        expectApiError(await form(url, `session=${customer.token}`, {}, none), 403, 'CSRF_REJECTED');
      const me = await api({
        method: 'GET',
        url: apiPaths.currentUser.pattern,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(me.statusCode).toBe(200);
    });
  });

  describe('one code or link sent several times at once', () => {
    it("a shopper's password reset link sets one password", async () => {
      const user = await insertUser(t.app.db);
      const token = await createResetToken(t.app.db, user.id);
      const answers = await Promise.all(
        ['first pass 123', 'second pass 123', 'third pass 123'].map((password) =>
          api({ method: 'POST', url: apiPaths.resetPassword.pattern, payload: { token, password } }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    });

    it('opens exactly one session', async () => {
      const { member, headers } = await signedInMember(t.app.db);
      const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
        api({ method: 'POST', url, headers: { origin: TEST_ORIGIN, host: TEST_HOST, ...extra }, payload });
      const codeAt = (secret: string, stepsAhead: number) =>
        generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
      const enrol = await post(adminPaths.totpEnrol.pattern, {}, headers);
      const { secret } = enrol.json() as { secret: string };
      expect(
        (await post(adminPaths.totpConfirm.pattern, { code: await codeAt(secret, 0) }, headers)).statusCode,
      ).toBe(200);
      const challenges: string[] = [];
      for (let i = 0; i < 3; i++)
        challenges.push(
          (await post(adminPaths.signIn.pattern, { email: member.email, password: STAFF_PASSWORD })).json()
            .challenge as string,
        );
      const code = await codeAt(secret, 1);
      const answers = await Promise.all(
        challenges.map((challenge) => post(adminPaths.signInTotp.pattern, { challenge, code })),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 401, 401]);
      expect(answers.filter((a) => staffCookieToken(a.headers['set-cookie'])).length).toBe(1);
      for (const refused of answers.filter((a) => a.statusCode === 401))
        expect(refused.json().code).toBe('TOTP_CODE_INVALID');
    });
  });

  describe('CSV files the shop writes', () => {
    it('neutralise every cell a spreadsheet would run, in the catalog export as in the orders export', async () => {
      const owner = await signedInMember(t.app.db, { role: 'owner' });
      const planted = await Promise.all(
        FORMULA_CELLS.map((name) =>
          createProduct(t.app.db, { nameEn: name, nameAr: name, descriptionEn: name }),
        ),
      );
      const catalogCsv = await api({
        method: 'GET',
        url: `${adminContentPaths.catalogExport.pattern}?format=csv`,
        headers: owner.headers,
      });
      const rows = parseCsv(catalogCsv.body);
      for (const made of planted) {
        const row = rows.find((r) => r[0] === made.sku);
        expect(row?.[2], made.sku).toBe(`'${made.nameEn}`);
      }
      const ordersCsv = await api({
        method: 'GET',
        url: adminOrderPaths.csv.pattern,
        headers: owner.headers,
      });
      for (const [name, body] of [
        ['catalog', catalogCsv.body],
        ['orders', ordersCsv.body],
      ] as const) {
        const cells = parseCsv(body).flat();
        expect(cells.length, name).toBeGreaterThan(1);
        expect(cells.filter(startsFormula), name).toEqual([]);
      }
    });
  });

  describe('a catalog file nested too deep', () => {
    it('is refused with its own message while /api/health keeps answering', async () => {
      const staffMember = await signedInMember(t.app.db);
      const body = multipart({}, [
        {
          name: 'file',
          filename: 'catalog.json',
          contentType: 'application/json',
          data: Buffer.from(nestedArrays(8 * 1024 * 1024)),
        },
      ]);
      let settled = false;
      const upload = api({
        method: 'POST',
        url: `${adminContentPaths.importJobs.pattern}?lang=en`,
        headers: { ...staffMember.headers, ...body.headers },
        payload: body.payload,
      }).finally(() => (settled = true));
      const answeredMeanwhile: number[] = [];
      while (!settled) {
        const health = await t.app.inject({ method: 'GET', url: apiPaths.health.pattern });
        if (!settled) answeredMeanwhile.push(health.statusCode);
      }
      const res = await upload;
      expectApiError(res, 400, 'IMPORT_FILE_TOO_DEEP');
      expect(res.json().message).toContain('more than 32 levels deep');
      expect(answeredMeanwhile.length).toBeGreaterThan(0);
      expect(answeredMeanwhile.every((status) => status === 200)).toBe(true);
    });
  });

  it('a session of a deactivated account opens nothing', async () => {
    const me = await signedInUser(t.app.db);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, me.userId));
    const { token } = await createSession(t.app.db, me.userId, 1);
    const res = await api({
      method: 'GET',
      url: apiPaths.currentUser.pattern,
      headers: { authorization: `Bearer ${token}` },
    });
    expect([401, 404]).toContain(res.statusCode);
  });
});
