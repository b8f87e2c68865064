import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/**
 * Every environment variable the server reads, parsed once at start-up.
 * A bad value stops start-up with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The public origin of the shop (used for links in e-mails, sitemaps, callback URLs). */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server; the embedded database under DATA_DIR is used when unset. */
  DATABASE_URL: z.url().optional(),
  /** Redis for rate-limit counters; PostgreSQL is used when unset. */
  REDIS_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalog when the database is empty. */
  SEED_DEMO: bool.default(true),
  /** Where the built storefront lives (apps/web/build). */
  WEB_BUILD_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Accounts one IP address may open in an hour. */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('متجر الإلكترونيات <no-reply@shop.local>'),
  MOYASAR_SECRET_KEY: z.string().optional(),
  MOYASAR_PUBLISHABLE_KEY: z.string().optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().optional(),
  MOYASAR_API_URL: z.url().default('https://api.moyasar.com'),
  /** Simulated card payments. On by default without Moyasar keys; refused in production unless set. */
  PAYMENT_SANDBOX: bool.optional(),
  ORDER_PAYMENT_TTL_MINUTES: z.coerce.number().int().positive().default(30),
  /** How often unpaid orders are settled with the provider; 0 turns the task off. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Map tiles for the address picker; empty means no tiles (works offline). */
  MAP_TILE_URL: z.string().default(''),
  /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(10),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  webBuildDir: string | undefined;
  trustProxy: boolean;
  rateLimitMax: number;
  registerLimitPerHour: number;
  sessionTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  moyasar: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
  };
  paymentSandbox: boolean;
  orderPaymentTtlMinutes: number;
  /** Milliseconds; 0 is off. Defaults to 60 s, and to off in tests (they call it directly). */
  reconcileIntervalMs: number;
  mapTileUrl: string;
  /** Milliseconds requests in flight get to finish on SIGTERM. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hasMoyasar = Boolean(e.MOYASAR_SECRET_KEY && e.MOYASAR_PUBLISHABLE_KEY);
  const paymentSandbox = e.PAYMENT_SANDBOX ?? !hasMoyasar;
  if (e.NODE_ENV === 'production' && e.PAYMENT_SANDBOX === undefined && !hasMoyasar) {
    throw new ConfigError(
      'Invalid configuration:\n  MOYASAR_SECRET_KEY: required in production (or set PAYMENT_SANDBOX=true to simulate payments)',
    );
  }
  if (!paymentSandbox && !hasMoyasar) {
    throw new ConfigError(
      'Invalid configuration:\n  MOYASAR_SECRET_KEY: required when PAYMENT_SANDBOX=false',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webBuildDir: e.WEB_BUILD_DIR,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    registerLimitPerHour: e.REGISTER_LIMIT_PER_HOUR,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    moyasar: {
      secretKey: e.MOYASAR_SECRET_KEY,
      publishableKey: e.MOYASAR_PUBLISHABLE_KEY,
      webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
      apiUrl: e.MOYASAR_API_URL.replace(/\/$/, ''),
    },
    paymentSandbox,
    orderPaymentTtlMinutes: e.ORDER_PAYMENT_TTL_MINUTES,
    reconcileIntervalMs: (e.PAYMENT_RECONCILE_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    mapTileUrl: e.MAP_TILE_URL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}
