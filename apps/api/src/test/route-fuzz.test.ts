import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@shop/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/users/sessions.ts';
import { hostileBody, hostileString } from './hostile.ts';
import { signedInUser, TEST_HOST, TEST_ORIGIN } from './users.ts';
import {
  CONTROL_CHARACTER_VALUES,
  routeTable,
  SQL_PAYLOADS,
  XSS_PAYLOADS,
  type TableRoute,
} from './attacks.ts';
import { createProduct } from './factories.ts';
import { createTestApp, type TestContext } from './harness.ts';

/**
 * Property-based fuzzing of the whole API: every route of Fastify's route table gets generated
 * and hostile paths, queries, headers and bodies. Whatever arrives, the answer is never a 5xx,
 * and every error is the contract's `{code, message}`. CI runs fixed seeds (FUZZ_SEED plus the
 * route's index) and a few runs per route; FUZZ_RUNS (runs per route) and FUZZ_SEED make a
 * longer or different run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 17);
/** Generous: a long FUZZ_RUNS run on a busy machine. */
const TIMEOUT = Math.max(120_000, RUNS * 10_000);

const FIELDS = [
  'UserName',
  'UserPhone',
  'UserEmail',
  'UserPassword',
  'currentPassword',
  'userEmail',
  'userPassword',
  'oldPassword',
  'password',
  'confirmPassword',
  'token',
  'productName',
  'productId',
  'userId',
  'name',
  'city',
  'zone',
  'closeSign',
  'address',
  'mobile',
  'latitude',
  'longitude',
  'invoiceId',
  'invoiceUserAdress',
  'invoiceNote',
  'products',
  'id',
  'number',
  'cvc',
  'month',
  'year',
  'amount',
  'secret_token',
  'data',
  'type',
  'status',
];

describe('API fuzzing over the route table', () => {
  let t: TestContext;
  let routes: TableRoute[];
  let userId: string;
  let known: string[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '100000', LOGIN_LIMIT_PER_IP: '100000' });
    const me = await signedInUser(t.app.db);
    userId = me.userId;
    const product = await createProduct(t.app.db);
    known = [userId, randomUUID(), String(product.id), '1', '0', '-1', '99999999999', '%', '%E0%A4%A', '..'];
    routes = routeTable(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
  });
  afterAll(() => t.close());

  it('finds the API in the route table', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('PUT /api/User/Update/User/:id');
    expect(urls).toContain('POST /api/User/Confirm/Email');
    expect(routes.length).toBeGreaterThan(30);
  });

  /** A path parameter: mostly one a route accepts (so the body is reached), else hostile. */
  const segment = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('1', '8', userId, known[2] ?? '1') },
      { weight: 1, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: hostileString(known).map((value) => encodeURIComponent(value)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );

  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom('lang', 'page', 'pageSize', 'startprice', 'finishprice', 'q', 'status', 'id'),
      fc.string({ maxLength: 6 }),
    ),
    fc.oneof(fc.constantFrom('ar', 'en', 'fr', '1', '-1', '1e309', ''), hostileString([])),
    { maxKeys: 4 },
  );

  /** What an attacker puts in one field: control characters first, then markup, SQL, anything. */
  const hostileField = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...CONTROL_CHARACTER_VALUES) },
    { weight: 2, arbitrary: fc.constantFrom(...XSS_PAYLOADS, ...SQL_PAYLOADS) },
    { weight: 2, arbitrary: hostileString([]) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })) },
  );

  /**
   * A body every route would accept (each reads the fields it knows, the rest are dropped)
   * with one or two fields replaced by hostile values: gets past "missing field" checks to
   * where a value reaches a service and the database.
   */
  const mutatedBody = (readFields: readonly string[]) => {
    const plausible: Record<string, unknown> = {
      UserName: 'Sara Ali',
      UserPhone: '0551234567',
      UserEmail: 'sara@example.com',
      UserPassword: 'long enough 1',
      currentPassword: 'long enough 1',
      userEmail: 'sara@example.com',
      userPassword: 'long enough 1',
      oldPassword: 'long enough 1',
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
      token: 'a-token-of-some-length',
      productName: 'phone',
      productId: Number(known[2]),
      userId,
      name: 'Home',
      city: 'Riyadh',
      zone: 'Olaya',
      closeSign: 'Mosque',
      address: 'King Fahd Road',
      mobile: '0551234567',
      latitude: 24.7,
      longitude: 46.7,
      invoiceId: randomUUID(),
      invoiceUserAdress: 'Riyadh',
      invoiceNote: '',
      products: [{ productId: Number(known[2]) }],
      id: randomUUID(),
      number: '4111111111111111',
      cvc: '123',
      month: 12,
      year: 2099,
      amount: 100,
      secret_token: 'secret',
      data: { id: randomUUID() },
      type: 'payment_paid',
    };
    return fc
      .record({
        targets: fc.uniqueArray(
          fc.constantFrom(...(readFields.length > 0 ? readFields : Object.keys(plausible))),
          { minLength: 1, maxLength: 2 },
        ),
        values: fc.array(hostileField, { minLength: 2, maxLength: 2 }),
      })
      .map(({ targets, values }) => {
        const body = { ...plausible };
        targets.forEach((field, index) => (body[field] = values[index]));
        return { contentType: 'application/json', payload: JSON.stringify(body) };
      });
  };

  const headers = fc.record({
    auth: fc.oneof(
      { weight: 3, arbitrary: fc.constant('bearer') },
      { weight: 1, arbitrary: fc.constantFrom('cookie', 'none', 'garbage') },
    ),
    acceptLanguage: fc.oneof(
      fc.constantFrom('ar', 'en', 'en-US,ar;q=0.5', '*', 'fr;q=abc', ''),
      fc.string({ maxLength: 20 }),
    ),
    origin: fc.oneof(
      { weight: 3, arbitrary: fc.constant(TEST_ORIGIN) },
      { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', undefined) },
    ),
    forwarded: fc.constantFrom(undefined, '1.2.3.4', 'evil.example', 'garbage, , ::1'),
  });

  /** The body fields a route reads, from its schema as the OpenAPI document shows it. */
  function bodyFields(route: TableRoute): string[] {
    type Operation = { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } };
    const document = t.app.swagger() as { paths?: Record<string, Record<string, Operation>> };
    const operation =
      document.paths?.[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const content = Object.values(operation?.requestBody?.content ?? {});
    return [...new Set(content.flatMap((type) => Object.keys(type.schema?.properties ?? {})))];
  }

  it(
    'never answers 5xx, and every error is {code, message}',
    async () => {
      let requests = 0;
      for (const [index, route] of routes.entries()) {
        const request = fc.record({
          segments: fc.array(segment(), { minLength: 4, maxLength: 4 }),
          query,
          headers,
          body: fc.oneof(
            { weight: 2, arbitrary: mutatedBody(bodyFields(route)) },
            { weight: 1, arbitrary: hostileBody(FIELDS, known) },
          ),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ segments, query: q, headers: h, body }) => {
            let i = 0;
            const path = route.url.replace(/:[A-Za-z]+/g, () => segments[i++ % segments.length] ?? '1');
            const search = new URLSearchParams();
            for (const [key, value] of Object.entries(q)) search.append(key, value);
            const url = `${path.replace(/\*$/, 'x/../y')}${search.size > 0 ? `?${search}` : ''}`;
            const { token } = await createSession(t.app.db, userId, 1);
            const sent: Record<string, string> = {
              host: TEST_HOST,
              ...(h.acceptLanguage && { 'accept-language': h.acceptLanguage }),
              ...(h.origin && { origin: h.origin }),
              ...(h.forwarded && { 'x-forwarded-for': h.forwarded, 'x-forwarded-host': h.forwarded }),
              ...(h.auth === 'bearer' && { authorization: `Bearer ${token}` }),
              ...(h.auth === 'cookie' && { cookie: `session=${token}` }),
              ...(h.auth === 'garbage' && { authorization: 'Bearer x', cookie: 'session=%; i18next=\u00ff' }),
              ...(body.contentType && { 'content-type': body.contentType }),
            };
            let res;
            try {
              res = await t.app.inject({
                method: route.method as 'GET',
                url,
                headers: sent,
                ...(body.payload !== undefined && route.method !== 'GET' && { payload: body.payload }),
              });
            } catch (error) {
              // light-my-request refuses what no HTTP client could send (a raw control
              // character in the URL or a header): nothing reached the app.
              if (error instanceof TypeError || (error as { code?: string }).code === 'ERR_INVALID_CHAR')
                return;
              throw error;
            }
            requests++;
            const where = `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(apiErrorSchema.safeParse(res.json()).success, where).toBe(true);
            }
          }),
          // One seed per route: the same seed everywhere would mutate the same fields everywhere.
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        );
      }
      expect(requests).toBeGreaterThan(routes.length * RUNS * 0.5);
    },
    TIMEOUT,
  );
});
