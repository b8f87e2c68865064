import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ownerOnlyPages } from '@shop/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../../../scripts/shop-server.mjs';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, insertMember, signedInMember, STAFF_PASSWORD } from '../../test/staff.ts';
import { multipart, signedInUser } from '../../test/users.ts';

interface BuiltRoute {
  id: string;
  path?: string;
  parentId?: string;
}

/** The pages of the back office that work without a session. */
const OPEN = new Set(['dashboard/login', 'dashboard/set-password', 'dashboard/sign-out']);

/**
 * The back office's page guard through the real app, for every page of the real route table
 * (read from the web build, the one the server mounts): no page opens without a staff
 * session, a shopper's session opens none, staff get 403 on the owners' pages, and every
 * answer is kept out of caches and search engines.
 */
describe('back-office pages are guarded', () => {
  let t: TestContext;
  let routes: Record<string, BuiltRoute>;
  beforeAll(async () => {
    ensureWebBuild();
    const buildDir = path.join(root, 'apps/web/build');
    routes = (
      (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as {
        routes: Record<string, BuiltRoute>;
      }
    ).routes;
    t = await createTestApp({ WEB_BUILD_DIR: buildDir });
  }, 180_000);
  afterAll(() => t.close());

  const ancestors = (route: BuiltRoute): string[] => {
    const ids: string[] = [];
    for (let id = route.parentId; id; id = routes[id]?.parentId) ids.push(id);
    return ids;
  };
  /** Every back-office page as an Arabic path (no `/en`), with its params filled in. */
  const dashboardPages = () =>
    Object.values(routes)
      .filter((r) => r.path !== undefined && /^dashboard(\/|$)/.test(r.path))
      .map((r) => ({ route: r, path: `/${r.path!.replace(/:[a-zA-Z]+/g, '1').replace('*', 'anything')}` }));
  const guardedPages = () => dashboardPages().filter((p) => !OPEN.has(p.route.path!));

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(cookie && { cookie }), ...headers },
    });

  it('keeps every back-office page but signing in inside the guarded layout', () => {
    const pages = guardedPages();
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/dashboard', '/dashboard/account', '/dashboard/staff', '/dashboard/audit']),
    );
    const outside = pages.filter((p) => !ancestors(p.route).includes('dashboard-layout')).map((p) => p.path);
    expect(outside, 'back-office pages outside routes/dashboard-layout.tsx').toEqual([]);
    // English pages too: each Arabic page has its English twin under the same layout.
    const english = Object.values(routes).filter((r) => r.path?.startsWith('en/dashboard'));
    expect(english.length).toBe(dashboardPages().length);
    for (const r of english)
      if (!OPEN.has(r.path!.slice(3))) expect(ancestors(r), r.path).toContain('dashboard-layout');
  });

  it('sends every page to the sign-in page without a staff session, and with a shopper’s', async () => {
    const shopper = await signedInUser(t.app.db);
    const callers: [string, string | undefined, Record<string, string>][] = [
      ['no cookie', undefined, {}],
      ['shopper cookie', shopper.cookie.cookie, {}],
      ['shopper token as the staff cookie', `staff_session=${shopper.token}`, {}],
      ['shopper Bearer token', undefined, shopper.bearer],
    ];
    for (const { path: page } of guardedPages())
      for (const prefix of ['', '/en'])
        for (const [who, cookie, headers] of callers) {
          const url = `${prefix}${page}?page=2`;
          const res = await get(url, cookie, headers);
          expect(res.statusCode, `${url}, ${who}`).toBe(302);
          expect(res.headers.location, `${url}, ${who}`).toBe(
            `${prefix}/dashboard/login?next=${encodeURIComponent(url)}`,
          );
          expect(res.headers['cache-control'], url).toBe('no-store');
          expect(res.headers['x-robots-tag'], url).toMatch(/noindex/);
        }
  });

  it('answers 403 in the member’s language to staff on an owner’s page, and opens the others', async () => {
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const cookie = `staff_session=${staff.token}`;
    for (const { path: page } of guardedPages()) {
      const ownerOnly = ownerOnlyPages.some((p) => page === p || page.startsWith(`${p}/`));
      const ar = await get(page, cookie);
      const en = await get(`/en${page}`, cookie);
      if (ownerOnly) {
        expect(ar.statusCode, page).toBe(403);
        expect(ar.body, page).toContain('هذه الصفحة للمالك فقط');
        expect(en.statusCode, page).toBe(403);
        expect(en.body, page).toContain('Only an owner can open this page');
      } else {
        expect([200, 404], page).toContain(ar.statusCode);
        expect([200, 404], page).toContain(en.statusCode);
      }
      expect(ar.headers['cache-control'], page).toBe('no-store');
      expect(en.headers['x-robots-tag'], page).toMatch(/noindex/);
    }
    // An owner's page not built yet is refused all the same (it is the owner's by its path).
    for (const page of ownerOnlyPages) expect((await get(page, cookie)).statusCode, page).toBe(403);
  });

  it('opens the owners’ pages to an owner, never from the shared page cache', async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner', name: 'Noura Owner' });
    const cookie = `staff_session=${owner.token}`;
    for (const page of ['/dashboard/staff', '/dashboard/audit', '/en/dashboard/staff']) {
      const res = await get(page, cookie);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain('Noura Owner');
      expect(res.headers['cache-control'], page).toBe('no-store');
    }
    // Signed out, the same address twice is two redirects, never a page someone else saw.
    for (let i = 0; i < 2; i++) expect((await get('/dashboard/staff')).statusCode).toBe(302);
  });

  it('sends the sign-in page with noindex and no-store, and a signed-in member on to `next`', async () => {
    const login = await get('/en/dashboard/login?next=%2Fen%2Fdashboard%2Faccount');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.body).toContain('Sign in to the back office');
    const member = await signedInMember(t.app.db);
    const on = await get(
      '/en/dashboard/login?next=%2Fen%2Fdashboard%2Faccount',
      `staff_session=${member.token}`,
    );
    expect(on.headers.location).toBe('/en/dashboard/account');
    // Only back-office pages are a place to go on to.
    for (const next of ['%2Fcart', 'https%3A%2F%2Fevil.example%2Fdashboard', '%2F%2Fevil.example'])
      expect(
        (await get(`/dashboard/login?next=${next}`, `staff_session=${member.token}`)).headers.location,
      ).toBe('/dashboard');
  });

  it('signs in through the page, and says how long to wait after too many wrong passwords', async () => {
    await insertMember(t.app.db, { email: 'page-sign-in@shop.test', name: 'Page Member' });
    const post = (lang: 'ar' | 'en', password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${lang === 'en' ? '/en' : ''}/dashboard/login?next=%2Fdashboard%2Faccount`,
        remoteAddress: '10.20.0.1',
        headers: {
          host: ADMIN_HOST,
          origin: ADMIN_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-dest': 'document',
        },
        payload: new URLSearchParams({
          intent: 'password',
          email: 'page-sign-in@shop.test',
          password,
        }).toString(),
      });
    const ok = await post('ar', STAFF_PASSWORD);
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/dashboard/account');
    expect(String(ok.headers['set-cookie'])).toMatch(/staff_session=[A-Za-z0-9_-]{43};/);
    for (let i = 0; i < 5; i++) {
      const wrong = await post('en', 'not the password');
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain('The e-mail or password is not correct');
    }
    const throttled = await post('en', 'not the password');
    expect(throttled.body).toContain('Too many attempts. Try again in 15 minutes.');
    const arabic = await post('ar', STAFF_PASSWORD);
    expect(arabic.body).toContain('محاولات كثيرة. حاول مرة أخرى بعد 15 دقيقة.');
    expect(arabic.headers['set-cookie'] ?? '').not.toMatch(/staff_session=/);
  });

  it('turns two-step verification on from My account, then signs in with the code step', async () => {
    const member = await signedInMember(t.app.db, { email: 'page-totp@shop.test' });
    let ip = 0;
    const form = (url: string, fields: Record<string, string>, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.21.0.${++ip}`,
        headers: {
          host: ADMIN_HOST,
          origin: ADMIN_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-dest': 'document',
          ...(cookie && { cookie }),
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const hidden = (html: string, name: string) =>
      new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
    const cookie = `staff_session=${member.token}`;
    const code = (secret: string, stepsAhead: number) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

    // Without JavaScript: the QR code comes back on the page, the code turns it on.
    const enrol = await form('/en/dashboard/account', { intent: 'enrol' }, cookie);
    expect(enrol.statusCode).toBe(200);
    expect(enrol.body).toContain('src="data:image/png;base64,');
    const secret = hidden(enrol.body, 'secret')!;
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const wrong = await form(
      '/en/dashboard/account',
      { intent: 'confirm', code: '000000', secret, qrDataUrl: hidden(enrol.body, 'qrDataUrl')! },
      cookie,
    );
    expect(wrong.body).toContain('The verification code is wrong or was already used');
    expect(wrong.body).toContain('src="data:image/png;base64,');
    const on = await form(
      '/en/dashboard/account',
      { intent: 'confirm', code: await code(secret, 0), secret, qrDataUrl: 'x' },
      cookie,
    );
    expect(on.statusCode).toBe(302);
    expect(on.headers.location).toBe('/en/dashboard/account');
    expect((await get('/en/dashboard/account', cookie)).body).toContain('Turn off two-step verification');

    // Signing in now asks for the code, the challenge carried in the page.
    const first = await form('/en/dashboard/login', {
      intent: 'password',
      email: 'page-totp@shop.test',
      password: STAFF_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie'] ?? '').not.toMatch(/staff_session=/);
    const challenge = hidden(first.body, 'challenge')!;
    expect(challenge).toBeDefined();
    const badCode = await form('/en/dashboard/login', { intent: 'totp', challenge, code: '000000' });
    expect(badCode.body).toContain('The verification code is wrong or was already used');
    expect(hidden(badCode.body, 'challenge')).toBe(challenge);
    const signedIn = await form('/en/dashboard/login', {
      intent: 'totp',
      challenge,
      code: await code(secret, 1),
    });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/en/dashboard');
    expect(String(signedIn.headers['set-cookie'])).toMatch(/staff_session=[A-Za-z0-9_-]{43};/);
  });

  it('leaves the back office out of the sitemap and the shop’s pages free of its words', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain('dashboard');
    // The translation namespaces a page carries for its hydration.
    const namespaces = (html: string) => {
      const json = /<script id="shop-translations" type="application\/json">(.*?)<\/script>/s.exec(html);
      return Object.keys(JSON.parse(json?.[1] ?? '{}') as Record<string, unknown>);
    };
    const shop = await get('/en/products');
    expect(namespaces(shop.body)).toContain('catalog');
    expect(namespaces(shop.body).filter((name) => name.startsWith('dashboard'))).toEqual([]);
    expect(shop.body).not.toContain('Sign in to the back office');
    const login = await get('/en/dashboard/login');
    expect(namespaces(login.body)).toContain('dashboard');
    expect(namespaces(login.body)).not.toContain('catalog');
  });
  it('tells a member who is not an owner, in their language, why a file with settings is refused', async () => {
    const member = await signedInMember(t.app.db);
    for (const [prefix, text] of [
      ['', 'لا يغيّر إعدادات المتجر إلا المالك'],
      ['/en', 'Only an owner can change the shop&#x27;s settings'],
    ] as const) {
      const form = multipart({ intent: 'check' }, [
        {
          name: 'file',
          filename: 'catalog.json',
          contentType: 'application/json',
          data: Buffer.from(JSON.stringify({ settings: { shippingFee: 0 } })),
        },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `${prefix}/dashboard/import`,
        headers: {
          host: ADMIN_HOST,
          origin: ADMIN_ORIGIN,
          cookie: `staff_session=${member.token}`,
          'sec-fetch-dest': 'document',
          ...form.headers,
        },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(text);
    }
  });
});
