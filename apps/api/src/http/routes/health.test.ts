import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';

describe('health', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown API path with 404 in the request language', async () => {
    const ar = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(ar.statusCode).toBe(404);
    expect(ar.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'هذا المسار غير موجود' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.json().message).toBe('This path does not exist');
  });

  it('gives every answer its request id: the caller’s when it is a plain token, else a new one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
    const given = 'f3a9c1d2e4b5a6978812ab34cd56ef78';
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': given },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['x-request-id']).toBe(given);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a\nforged log line' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Other sites get no referrer; the shop's own form posts keep their Origin (CSRF checks).
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    await other.close();
  });
});
