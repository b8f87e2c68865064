import { adminPaths, ADMIN_PREFIX } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../test/staff.ts';
import { signedInUser } from '../test/users.ts';
import type { RouteEntry } from '../types.ts';

/**
 * Every back-office route, taken from the route table as the app registered it: a route added
 * later without the guard makes this file fail, whichever plugin added it.
 */

/** The only routes that answer without a staff session. */
const PUBLIC_ROUTES = [adminPaths.signIn, adminPaths.signInTotp, adminPaths.setPassword].map(
  (p) => `POST ${p.pattern}`,
);

const isAdmin = (r: RouteEntry) => r.url === ADMIN_PREFIX || r.url.startsWith(`${ADMIN_PREFIX}/`);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '7d1f3a52-8c2b-4e0a-9a57-2f6c1b0e4d11');

describe('the back-office guard', () => {
  let t: TestContext;
  let routes: RouteEntry[];
  let shopper: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.routeList.filter(isAdmin).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    shopper = await signedInUser(t.app.db);
  });
  afterAll(() => t.close());

  function call(route: RouteEntry, headers: Record<string, string>) {
    return t.app.inject({
      method: route.method as 'GET',
      url: `${concrete(route.url)}?lang=en`,
      headers: { origin: ADMIN_ORIGIN, host: ADMIN_HOST, ...headers },
      ...(route.method !== 'GET' && { payload: {} }),
    });
  }

  it('finds the back-office routes in the route table, only the sign-in ones public', () => {
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const open = routes.filter((r) => r.config.staffPublic).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 on every guarded route without a staff session, with a shopper cookie or Bearer token', async () => {
    const failures: string[] = [];
    const visitors: Record<string, Record<string, string>> = {
      nobody: {},
      'shopper cookie': { cookie: `session=${shopper.token}` },
      'shopper bearer': { authorization: `Bearer ${shopper.token}` },
      'shopper token as the staff cookie': { cookie: `staff_session=${shopper.token}` },
    };
    for (const route of routes.filter((r) => !r.config.staffPublic)) {
      for (const [who, headers] of Object.entries(visitors)) {
        const res = await call(route, headers);
        if (res.statusCode !== 401 || res.json().code !== 'STAFF_SESSION_REQUIRED')
          failures.push(`${route.method} ${route.url} (${who}): ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a staff member on every owner route, and lets an owner through the guard', async () => {
    const staffMember = await signedInMember(t.app.db, { role: 'staff' });
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const ownerRoutes = routes.filter((r) => r.config.staffRole === 'owner');
    expect(ownerRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        `GET ${adminPaths.staffList.pattern}`,
        `POST ${adminPaths.staffInvite.pattern}`,
        `PUT ${adminPaths.staffDisabled.pattern}`,
        `PUT ${adminPaths.staffRole.pattern}`,
        `POST ${adminPaths.staffTotpReset.pattern}`,
        `POST ${adminPaths.staffPasswordLink.pattern}`,
        `PUT ${adminPaths.securitySettings.pattern}`,
        `GET ${adminPaths.auditLog.pattern}`,
      ]),
    );
    const failures: string[] = [];
    for (const route of ownerRoutes) {
      const refused = await call(route, staffMember.headers);
      if (refused.statusCode !== 403 || refused.json().code !== 'STAFF_ROLE_REQUIRED')
        failures.push(`${route.method} ${route.url} (staff): ${refused.statusCode}`);
      // Past the guard an owner meets the route's own checks (a made-up id, an empty body), never 401/403.
      const passed = await call(route, owner.headers);
      if ([401, 403].includes(passed.statusCode))
        failures.push(`${route.method} ${route.url} (owner): ${passed.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 on a back-office path no route claims, so nobody learns which exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ADMIN_PREFIX}/no-such-thing` });
    expect(res.statusCode).toBe(401);
  });

  it('guards a back-office route however its path is spelt', async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    for (const url of [
      '/api/%61dmin/staff',
      '/api/admin/staff/',
      '/api/admin//staff',
      '/api/admin/staff?x=/api',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: `session=${shopper.token}` } });
      expect([401, 404], url).toContain(res.statusCode);
      if (res.statusCode === 404) {
        // A spelling the router does not take is not the route, for a member either.
        const asOwner = await t.app.inject({ method: 'GET', url, headers: owner.headers });
        expect(asOwner.statusCode, url).toBe(404);
      }
    }
  });

  it('refuses a state-changing back-office call from another site, even to sign in', async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const forged = await t.app.inject({
      method: 'POST',
      url: adminPaths.signOutEverywhere.pattern,
      headers: { ...owner.headers, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_REJECTED');
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: adminPaths.signIn.pattern,
      headers: { host: ADMIN_HOST },
      payload: { email: 'someone@shop.test', password: 'whatever' },
    });
    expect(noOrigin.json().code).toBe('CSRF_REJECTED');
    // The session was not ended by the forged call.
    const me = await t.app.inject({ method: 'GET', url: adminPaths.me.pattern, headers: owner.headers });
    expect(me.statusCode).toBe(200);
  });

  it('lists every back-office route in the OpenAPI document under the admin tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const missing = routes
      .map((r) => ({ path: r.url.replace(/:([A-Za-z]+)/g, '{$1}'), method: r.method.toLowerCase() }))
      .filter(({ path, method }) => !doc.paths[path]?.[method]?.tags?.includes('admin'));
    expect(missing).toEqual([]);
  });
});
