import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/** An IPv4 or IPv6 address, or a CIDR range of either (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Whose `X-Forwarded-*` headers are believed: nobody (`false`), the direct peer whoever it
 * is (`true`), or only peers at the listed addresses and CIDR ranges (comma-separated).
 */
const trustProxy = z.string().transform((value, context) => {
  const lower = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(lower)) return false;
  if (['true', '1', 'yes'].includes(lower)) return true;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad !== undefined) {
    context.addIssue({
      code: 'custom',
      message: `expected true, false or a comma-separated list of addresses and CIDR ranges${bad === undefined ? '' : ` (not ${JSON.stringify(bad)})`}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Every environment variable the server reads, parsed once at start-up.
 * A bad value stops start-up with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * The public origin of the shop: every absolute URL it writes (e-mail links, sitemap,
   * canonical and Open Graph links, the payment callback) starts with it.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server; the embedded database under DATA_DIR is used when unset. */
  DATABASE_URL: z.url().optional(),
  /** Connections to the PostgreSQL server (DATABASE_URL). */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  /** Longest a database statement may run before it is cancelled; 0 is no limit. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** Redis for rate-limit counters and change announcements between processes. */
  REDIS_URL: z.url().optional(),
  /** The embedded database on a worker thread instead of the main thread. */
  PGLITE_THREAD: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalog when the database is empty. */
  SEED_DEMO: bool.default(true),
  /** Where the built storefront lives (apps/web/build). */
  WEB_BUILD_DIR: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Accounts one IP address may open in an hour. */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Sign-in attempts one IP address may make in 15 minutes, across accounts. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  /** Profile changes (name, phone, e-mail, photo) one account may make in an hour. */
  PROFILE_CHANGES_PER_HOUR: z.coerce.number().int().positive().default(10),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
  /** A back-office session ends after this many minutes without a request. */
  STAFF_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
  /** A back-office session ends this many hours after sign-in, however busy. */
  STAFF_SESSION_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(7 * 24)
    .default(12),
  /** 32 bytes (64 hex digits or base64) sealing staff TOTP secrets; a key file in DATA_DIR when unset. */
  STAFF_TOTP_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes as 64 hex digits or base64',
    )
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('متجر الإلكترونيات <no-reply@shop.local>'),
  MOYASAR_SECRET_KEY: z.string().optional(),
  MOYASAR_PUBLISHABLE_KEY: z.string().optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().optional(),
  MOYASAR_API_URL: z.url().default('https://api.moyasar.com'),
  /**
   * Apple Pay's domain verification file, as the owner downloaded it from Moyasar's dashboard:
   * its contents, or the path of the file (decision 243). Without either, no Apple Pay.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION: z.string().optional(),
  APPLE_PAY_DOMAIN_ASSOCIATION_FILE: z.string().optional(),
  /**
   * Pay later (decisions 241, 242, 246): Tabby's secret key, merchant code and the value of the
   * header its webhooks are registered with; Tamara's API token and the key it signs its
   * notifications with (HS256). Keys saved on the settings page win over these.
   */
  TABBY_SECRET_KEY: z.string().optional(),
  TABBY_MERCHANT_CODE: z.string().optional(),
  TABBY_WEBHOOK_SECRET: z.string().optional(),
  TAMARA_API_TOKEN: z.string().optional(),
  TAMARA_NOTIFICATION_KEY: z.string().optional(),
  /** Tamara's API: live by default; its sandbox is https://api-sandbox.tamara.co. */
  TAMARA_API_URL: z.url().default('https://api.tamara.co'),
  /** SMS through Unifonic (decision 213); without the application id, the local simulator. */
  UNIFONIC_APP_SID: z.string().optional(),
  UNIFONIC_SENDER_ID: z.string().optional(),
  UNIFONIC_API_URL: z.url().default('https://el.cloud.unifonic.com'),
  /** WhatsApp Business Cloud API (decision 213); without the token and number id, the local simulator. */
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** WhatsApp's status webhook: the app secret that signs it, and the subscription's verify token. */
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** How often queued messages are looked for (they are also sent right after the change that queued them); 0 turns the task off. */
  MESSAGE_DELIVERY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).optional(),
  /** Simulated card payments. On by default without Moyasar keys; refused in production unless set. */
  PAYMENT_SANDBOX: bool.optional(),
  ORDER_PAYMENT_TTL_MINUTES: z.coerce.number().int().positive().default(30),
  /** How often unpaid orders are settled with the provider; 0 turns the task off. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /**
   * The bearer token that opens GET /api/metrics (Prometheus text); unset, the endpoint does not
   * exist. At least 24 characters: it guards figures about the shop's business.
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * ZATCA's Fatoora API base address (developer portal, simulation or production; see the README's
   * configuration table). Unset: the shop's own Fatoora simulator, started inside the process.
   */
  ZATCA_API_URL: z.url().optional(),
  /** The local Fatoora simulator in place of ZATCA_API_URL; on by default when ZATCA_API_URL is unset. */
  ZATCA_SIMULATOR: bool.optional(),
  /** How often e-invoices waiting to be reported are sent to Fatoora; 0 turns the task off. */
  EINVOICE_REPORT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Map tiles for the address picker; empty means no tiles (works offline). */
  MAP_TILE_URL: z.string().default(''),
  /** Memory for the anonymous page cache (compressed pages), in MB; 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().nonnegative().default(64),
  /** Pages rendered at once; more wait their turn, first come first served. */
  PAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** Longest a page request waits for its turn to render before it is answered 503 (busy). */
  PAGE_RENDER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(10),
  /**
   * After a full garbage collection the heap may grow by this share (per cent) of what is still
   * in use; 0 leaves it to V8 (up to four times the use when collecting is fast).
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(100),
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
  dbPoolSize: number;
  dbStatementTimeoutMs: number;
  redisUrl: string | undefined;
  pgliteThread: boolean;
  logLevel: string;
  seedDemo: boolean;
  webBuildDir: string | undefined;
  /** false, true, or the addresses and CIDR ranges of the proxies whose X-Forwarded-* count. */
  trustProxy: boolean | string[];
  rateLimitMax: number;
  registerLimitPerHour: number;
  loginLimitPerIp: number;
  profileChangesPerHour: number;
  sessionTtlDays: number;
  staff: {
    idleMinutes: number;
    sessionHours: number;
    /** The key sealing TOTP secrets, or undefined to use `<DATA_DIR>/secrets/staff-totp.key`. */
    totpKey: Buffer | undefined;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  moyasar: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
  };
  /** Apple Pay's domain verification file: its contents, or where the owner put it. */
  applePay: { domainAssociation: string | undefined; domainAssociationFile: string | undefined };
  paymentSandbox: boolean;
  /** Pay later: keys from the environment; keys saved in the back office win over them. */
  tabby: {
    secretKey: string | undefined;
    merchantCode: string | undefined;
    webhookSecret: string | undefined;
  };
  tamara: { apiToken: string | undefined; notificationKey: string | undefined; apiUrl: string };
  /** Messages to shoppers on SMS and WhatsApp (decisions 212–219). */
  messages: {
    unifonicAppSid: string | undefined;
    unifonicSenderId: string | undefined;
    unifonicUrl: string;
    whatsappToken: string | undefined;
    whatsappPhoneNumberId: string | undefined;
    whatsappUrl: string;
    whatsappAppSecret: string | undefined;
    whatsappVerifyToken: string | undefined;
    /** Milliseconds between runs of the delivery task; 0 is off. 15 s by default, off in tests. */
    deliveryIntervalMs: number;
  };
  orderPaymentTtlMinutes: number;
  /** Milliseconds; 0 is off. Defaults to 60 s, and to off in tests (they call it directly). */
  reconcileIntervalMs: number;
  /** ZATCA phase 2 e-invoicing (Fatoora). */
  zatca: {
    /** Fatoora's base address; undefined when the simulator is used. */
    apiUrl: string | undefined;
    /** The in-process Fatoora simulator answers in place of ZATCA. */
    simulator: boolean;
    /** Which certificate template the onboarding CSR asks for. */
    environment: 'developer-portal' | 'simulation' | 'production';
    /** Milliseconds between reporting runs; 0 is off. Defaults to 30 s, and to off in tests. */
    reportIntervalMs: number;
  };
  mapTileUrl: string;
  /** Opens GET /api/metrics; undefined: no metrics are collected and the endpoint is absent. */
  metricsToken: string | undefined;
  pageCacheBytes: number;
  pageRenderConcurrency: number;
  pageRenderWaitMs: number;
  /** Milliseconds requests in flight get to finish on SIGTERM. */
  shutdownTimeoutMs: number;
  heapGrowingPercent: number;
}

/** The environment a Fatoora base address belongs to: its path names it (developer-portal, simulation, core). */
function zatcaEnvironment(url: string | undefined): Config['zatca']['environment'] {
  if (!url) return 'simulation';
  if (url.includes('developer-portal')) return 'developer-portal';
  if (url.includes('simulation')) return 'simulation';
  return 'production';
}

function zatcaConfig(e: z.infer<typeof envSchema>): Config['zatca'] {
  const simulator = e.ZATCA_SIMULATOR ?? !e.ZATCA_API_URL;
  if (!simulator && !e.ZATCA_API_URL)
    throw new ConfigError('Invalid configuration:\n  ZATCA_API_URL: required when ZATCA_SIMULATOR=false');
  const apiUrl = simulator ? undefined : e.ZATCA_API_URL?.replace(/\/+$/, '');
  return {
    apiUrl,
    simulator,
    environment: zatcaEnvironment(apiUrl),
    reportIntervalMs: (e.EINVOICE_REPORT_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 30)) * 1000,
  };
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
    publicUrl: e.PUBLIC_URL && new URL(e.PUBLIC_URL).origin,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    pgliteThread: e.PGLITE_THREAD,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webBuildDir: e.WEB_BUILD_DIR,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    registerLimitPerHour: e.REGISTER_LIMIT_PER_HOUR,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    profileChangesPerHour: e.PROFILE_CHANGES_PER_HOUR,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    staff: {
      idleMinutes: e.STAFF_IDLE_MINUTES,
      sessionHours: e.STAFF_SESSION_HOURS,
      totpKey: e.STAFF_TOTP_KEY
        ? /^[0-9a-fA-F]{64}$/.test(e.STAFF_TOTP_KEY)
          ? Buffer.from(e.STAFF_TOTP_KEY, 'hex')
          : Buffer.from(e.STAFF_TOTP_KEY, 'base64')
        : undefined,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    moyasar: {
      secretKey: e.MOYASAR_SECRET_KEY,
      publishableKey: e.MOYASAR_PUBLISHABLE_KEY,
      webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
      apiUrl: e.MOYASAR_API_URL.replace(/\/$/, ''),
    },
    applePay: {
      domainAssociation: e.APPLE_PAY_DOMAIN_ASSOCIATION || undefined,
      domainAssociationFile: e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE || undefined,
    },
    paymentSandbox,
    tabby: {
      secretKey: e.TABBY_SECRET_KEY,
      merchantCode: e.TABBY_MERCHANT_CODE,
      webhookSecret: e.TABBY_WEBHOOK_SECRET,
    },
    tamara: {
      apiToken: e.TAMARA_API_TOKEN,
      notificationKey: e.TAMARA_NOTIFICATION_KEY,
      apiUrl: e.TAMARA_API_URL.replace(/\/$/, ''),
    },
    messages: {
      unifonicAppSid: e.UNIFONIC_APP_SID,
      unifonicSenderId: e.UNIFONIC_SENDER_ID,
      unifonicUrl: e.UNIFONIC_API_URL.replace(/\/$/, ''),
      whatsappToken: e.WHATSAPP_ACCESS_TOKEN,
      whatsappPhoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      whatsappUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
      whatsappAppSecret: e.WHATSAPP_APP_SECRET,
      whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN,
      deliveryIntervalMs: (e.MESSAGE_DELIVERY_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 15)) * 1000,
    },
    orderPaymentTtlMinutes: e.ORDER_PAYMENT_TTL_MINUTES,
    reconcileIntervalMs: (e.PAYMENT_RECONCILE_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    zatca: zatcaConfig(e),
    mapTileUrl: e.MAP_TILE_URL,
    metricsToken: e.METRICS_TOKEN,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    pageRenderConcurrency: e.PAGE_RENDER_CONCURRENCY,
    pageRenderWaitMs: e.PAGE_RENDER_WAIT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
  };
}
