import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/harness.ts';
import { pageCsp } from './plugin.ts';

describe('page CSP', () => {
  it('allows only our own origin while payments are simulated', () => {
    const csp = pageCsp('abc', loadConfig({ NODE_ENV: 'test' }));
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('moyasar');
  });

  it("lets Moyasar's card form reach Moyasar when real keys are configured", () => {
    const csp = pageCsp(
      'abc',
      loadConfig({ NODE_ENV: 'test', MOYASAR_SECRET_KEY: 'sk_test_x', MOYASAR_PUBLISHABLE_KEY: 'pk_test_x' }),
    );
    expect(csp).toContain("connect-src 'self' https://api.moyasar.com");
    expect(csp).toContain("frame-src 'self' https://api.moyasar.com");
  });
});

describe('request rate limit', () => {
  it('refuses a client past its requests per minute, saying when to come back', async () => {
    const t = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const get = () => t.app.inject({ method: 'GET', url: '/api/Category/Select/All/Category' });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
      const limited = await get();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
