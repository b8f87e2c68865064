import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.rateLimitMax).toBe(600);
    expect(config.registerLimitPerHour).toBe(20);
    expect(config.paymentSandbox).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['REGISTER_LIMIT_PER_HOUR', '0'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.1, evil.example'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['LOGIN_LIMIT_PER_IP', '0'],
    ['PROFILE_CHANGES_PER_HOUR', 'many'],
    ['LOG_LEVEL', 'loud'],
    ['STAFF_IDLE_MINUTES', '0'],
    ['STAFF_SESSION_HOURS', 'a day'],
    ['STAFF_TOTP_KEY', 'too short'],
    ['HEAP_GROWING_PERCENT', 'half'],
    ['HEAP_GROWING_PERCENT', '-1'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^\\s+${name}:`, 'm'));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('refuses production without a payment provider unless the sandbox is asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MOYASAR_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }).paymentSandbox).toBe(true);
  });

  it('lets the heap grow by half of what is in use unless told otherwise (0: as V8 decides)', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '100' }).heapGrowingPercent).toBe(100);
  });

  it('reads the registration limit', () => {
    expect(loadConfig({ REGISTER_LIMIT_PER_HOUR: '1000' }).registerLimitPerHour).toBe(1000);
  });

  it('reads the back office session lifetimes and the TOTP sealing key', () => {
    expect(loadConfig({}).staff).toEqual({ idleMinutes: 30, sessionHours: 12, totpKey: undefined });
    const key = 'ab'.repeat(32);
    const config = loadConfig({ STAFF_IDLE_MINUTES: '5', STAFF_SESSION_HOURS: '8', STAFF_TOTP_KEY: key });
    expect(config.staff.idleMinutes).toBe(5);
    expect(config.staff.sessionHours).toBe(8);
    expect(config.staff.totpKey).toEqual(Buffer.from(key, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ STAFF_TOTP_KEY: base64 }).staff.totpKey).toEqual(Buffer.alloc(32, 7));
  });

  it('trusts X-Forwarded-* from nobody, everybody, or the listed proxies only', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8 ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/some/path/' }).publicUrl).toBe(
      'https://shop.example',
    );
  });

  it('reads the sign-in and profile-change limits', () => {
    expect(loadConfig({}).loginLimitPerIp).toBe(100);
    expect(loadConfig({}).profileChangesPerHour).toBe(10);
    expect(loadConfig({ LOGIN_LIMIT_PER_IP: '500', PROFILE_CHANGES_PER_HOUR: '3' })).toMatchObject({
      loginLimitPerIp: 500,
      profileChangesPerHour: 3,
    });
  });

  it('uses the Fatoora simulator without ZATCA_API_URL, and the address with it (its environment from its path)', () => {
    expect(loadConfig({}).zatca).toMatchObject({
      simulator: true,
      apiUrl: undefined,
      reportIntervalMs: 30_000,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).zatca.reportIntervalMs).toBe(0);
    expect(
      loadConfig({ ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation/' }).zatca,
    ).toMatchObject({
      simulator: false,
      apiUrl: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
      environment: 'simulation',
    });
    expect(
      loadConfig({ ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core' }).zatca.environment,
    ).toBe('production');
    expect(() => loadConfig({ ZATCA_SIMULATOR: 'false' })).toThrow(/ZATCA_API_URL/);
  });
});
