import './types.ts';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { RouteEntry } from './types.ts';
import type { Database } from './db/client.ts';
import { ChangeEvents } from './lib/change-events.ts';
import { connectChanges } from './lib/change-transport.ts';
import { AppError, sendError } from './lib/errors.ts';
import { rateLimitKey } from './http/client-address.ts';
import { loggerOptions } from './lib/log-safe.ts';
import { shopOrigin, warnWithoutPublicUrl } from './lib/public-origin.ts';
import { Fatoora } from './lib/fatoora.ts';
import { einvoiceAdminRoutes } from './http/routes/einvoices-admin.ts';
import type { Shop } from './lib/shop.ts';
import { clientErrorAnswer, securityHeaders } from './http/security-headers.ts';
import { requestLang } from './lib/lang.ts';
import { csrfGuard } from './http/csrf.ts';
import { resolveSession } from './http/shopper-session.ts';
import { publicCatalog } from './views/public-catalog.ts';
import { logRefusals } from './lib/admission.ts';
import { ListingIndex } from './modules/catalog/listing-index.ts';
import { StaffSearch } from './modules/catalog/staff-search.ts';
import { ratingCounts } from './modules/reviews/service.ts';
import { PromotionBoard } from './modules/discounts/promotion-board.ts';
import { ReadCache } from './lib/read-cache.ts';
import { catalogAdminRoutes } from './http/routes/catalog-admin.ts';
import { catalogGroupRoutes } from './http/routes/catalog-groups.ts';
import { searchSynonymRoutes } from './http/routes/search-synonyms.ts';
import { discountRoutes } from './http/routes/discounts.ts';
import { catalogSpecRoutes } from './http/routes/catalog-specs.ts';
import { catalogRoutes } from './http/routes/catalog.ts';
import { contentRoutes } from './http/routes/content.ts';
import { contentAdminRoutes } from './http/routes/content-admin.ts';
import { catalogImportRoutes } from './http/routes/catalog-import.ts';
import { CatalogImports } from './use-cases/catalog-import/runner.ts';
import { healthRoutes } from './http/routes/health.ts';
import { isApiPath, loadPages, resolveWebBuildDir, webRoutes, type Pages } from './http/pages/plugin.ts';
import { usersRoutes } from './http/routes/accounts.ts';
import { cartRoutes } from './http/routes/cart.ts';
import { addressRoutes } from './http/routes/addresses.ts';
import { wishlistRoutes } from './http/routes/wishlist.ts';
import { orderRoutes } from './http/routes/orders.ts';
import { adminOrderRoutes } from './http/routes/orders-admin.ts';
import { paymentRoutes } from './http/routes/payments.ts';
import { paymentReconciler } from './use-cases/checkout/reconcile.ts';
import { captureJob } from './use-cases/checkout/capture-deadline.ts';
import { einvoiceReporter } from './use-cases/einvoicing/report.ts';
import { PaymentKeys } from './modules/payments/keys.ts';
import { MessageKeyring } from './modules/messages/keys.ts';
import { channelProviders } from './modules/messages/providers.ts';
import { messageDelivery } from './use-cases/messages/deliver.ts';
import { messageRoutes } from './http/routes/messages.ts';
import { getSettings } from './modules/settings/service.ts';
import { choosePaymentProvider, chooseTabby, chooseTamara } from './modules/payments/choose-provider.ts';
import { auditRoutes } from './http/routes/audit.ts';
import { insightsRoutes } from './http/routes/insights.ts';
import { staffGuard } from './http/staff-guard.ts';
import { staffRoutes } from './http/routes/staff.ts';
import { staffMemberRoutes } from './http/routes/staff-members.ts';
import { refundRoutes } from './http/routes/refunds.ts';
import { returnRoutes } from './http/routes/returns.ts';
import { reviewRoutes } from './http/routes/reviews.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { ShopMetrics } from './lib/metrics.ts';
import { activeTracing, traceRedisCommands } from './lib/tracing.ts';
import {
  traceIdsInLogs,
  traceRefusedRequest,
  traceRequests,
  tracedRequestLogger,
} from './http/request-tracing.ts';
import { businessFigures } from './views/operations/figures.ts';

/** Mail through `mailer`, each one counted as sent or failed. */
function countedMailer(mailer: Mailer, metrics: ShopMetrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mailSent(true);
      } catch (error) {
        metrics.mailSent(false);
        throw error;
      }
    },
  };
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options or false; tests pass false or a silent logger. */
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, database, logger }: AppOptions) {
  let pages: Pages | undefined;
  const headers = securityHeaders(config);
  // OpenTelemetry, when the server started it (OTEL_EXPORTER_OTLP_ENDPOINT): each request a span.
  const tracing = activeTracing();
  const app = Fastify({
    logger: tracing
      ? traceIdsInLogs(logger ?? loggerOptions(config), tracing)
      : (logger ?? loggerOptions(config)),
    ...(tracing && { childLoggerFactory: tracedRequestLogger(tracing) }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests never hang forever on a slow client.
    requestTimeout: 30_000,
    routerOptions: { maxParamLength: 200 },
    // Every request has an id, in each of its log lines and in its answer's X-Request-Id: the
    // proxy's (nginx's $request_id, or a caller's) when it is a plain token, else a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // A request Node's parser refuses (broken request line or headers) never reaches Fastify's
    // hooks either: answered here with the same headers and the API's error shape.
    clientErrorHandler(error, socket) {
      if (socket.writable) socket.end(clientErrorAnswer(error, headers));
      else socket.destroy(error);
    },
    // A path the router cannot read (a stray `%`, an overlong segment): the API's own error
    // shape, or the storefront's not-found page, in place of Fastify's English JSON.
    // Request hooks do not run for these answers: the security headers are set here.
    frameworkErrors(error, request, reply) {
      void reply.headers(headers);
      traceRefusedRequest(request, reply);
      request.lang = requestLang(undefined, request.headers['accept-language']);
      if (!pages || isApiPath(request.url)) return sendError(request, reply, error);
      pages.renderNotFound(request, reply).catch((failure: unknown) => sendError(request, reply, failure));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Before every other hook, so that the spans they make belong to the request's.
  if (tracing) traceRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  warnWithoutPublicUrl(app);
  app.decorate('db', database.db);
  app.decorate('changes', new ChangeEvents());
  app.decorate('metrics', undefined as ShopMetrics | undefined);
  app.decorate('mailer', createMailer(config, app.log));
  app.decorate('readCache', new ReadCache(app.changes));
  app.addHook('onClose', async () => app.readCache.close());
  // Listings and facets are counted on a copy of the shelves in memory, kept by the change bus;
  // the reviews module's counts of approved ratings are read into it for the sort by rating.
  const shelves = new ListingIndex(database.db, ratingCounts);
  app.changes.on((event) => shelves.changed(event));
  // The back office's product search, on every product (hidden ones too), made at its first use.
  const staffSearch = new StaffSearch(database.db);
  app.changes.on((event) => staffSearch.changed(event));
  app.decorate('staffSearch', staffSearch);
  // Automatic promotions price the catalog's answers on their way out (decision 228).
  const promotions = new PromotionBoard(database.db);
  app.changes.on((event) => promotions.changed(event));
  app.decorate('promotions', promotions);
  app.decorate('catalog', publicCatalog(database, app.readCache, shelves, config.dbPoolSize, promotions));
  for (const gate of app.catalog.gates) logRefusals(gate, app.log);
  if (config.metricsToken) {
    const metrics = new ShopMetrics({
      ...(database.pool && { pool: database.pool }),
      // Read when scraped, by then Redis (below) is connected.
      ...(config.redisUrl && { redisUp: () => redis?.status === 'ready' }),
      business: () => businessFigures(database.db),
    });
    app.metrics = metrics;
    for (const gate of app.catalog.gates) metrics.watchGate(gate);
    app.mailer = countedMailer(app.mailer, metrics);
    // Each answer by the route pattern it matched; onResponse runs for every answer, errors too.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  // Shopper messages (decisions 212–219): the providers read their keys per message, so a key
  // saved in the back office applies at once; the delivery task is started once the app is ready.
  const messageKeys = new MessageKeyring(config);
  app.decorate('messageKeys', messageKeys);
  const delivery = messageDelivery(
    {
      db: database.db,
      log: app.log,
      config,
      origin: () => shopOrigin(app),
      providers: channelProviders(config, messageKeys, app.mailer),
    },
    config.messages.deliveryIntervalMs,
  );
  const shop: Shop = {
    db: database.db,
    messages: { kick: () => delivery.kick() },
    database,
    config,
    log: app.log,
    changes: app.changes,
    mailer: app.mailer,
    readCache: app.readCache,
    fatoora: new Fatoora(config),
    origin: () => shopOrigin(app),
  };
  app.decorate('shop', shop);
  app.addHook('onClose', () => shop.fatoora.close());
  app.decorate('catalogImports', new CatalogImports(shop));
  // Every route as it is registered, so tests can go through all of them (the back office's
  // guard test does): Fastify keeps no list of its own that says which plugin added what.
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeList.push({ method, url: route.url, config: route.config ?? {} });
  });
  // One Redis connection per process for the request limiter's counters and for announcing
  // changes to the other processes (its subscriber is a second connection).
  // While Redis is away its commands fail at once (no queue to wait in): the limiter lets
  // requests through and announcements are logged as not sent, instead of requests hanging.
  // ioredis is loaded only when Redis is configured (memory a single process does not need).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 500,
        commandTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'Redis connection error'));
  if (redis) traceRedisCommands(redis);
  const transport = await connectChanges(app.changes, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    database,
    redis,
    log: app.log,
  });
  app.decorate('changeTransport', transport);
  // Payment and message keys saved in the back office: read once, and again whenever settings
  // change in another process. A save in this process reloads them itself before it answers (so
  // its own answer already uses them); reloading here too would read each keys table twice.
  const keys = new PaymentKeys(config);
  app.decorate('paymentKeys', keys);
  const reloadPaymentKeys = async () =>
    keys.reload(database.db, (await getSettings(database.db)).paymentMethodsOff);
  await reloadPaymentKeys();
  await messageKeys.reload(database.db);
  app.decorate('payments', choosePaymentProvider(config, database.db, keys));
  app.decorate('tabby', chooseTabby(config, database.db, keys));
  app.decorate('tamara', chooseTamara(config, database.db, keys));
  app.changes.on((event, origin) => {
    if (event.topic !== 'settings' || origin === 'here') return;
    reloadPaymentKeys().catch((error: unknown) => app.log.error({ err: error }, 'payment keys not reloaded'));
    messageKeys
      .reload(database.db)
      .catch((error: unknown) => app.log.error({ err: error }, 'message keys not reloaded'));
  });
  app.addHook('onClose', async () => {
    await app.changes.close();
    redis?.disconnect();
  });
  app.decorateRequest('lang', 'ar');
  app.addHook('onRequest', async (request) => {
    request.lang = requestLang(request.query, request.headers['accept-language']);
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError(404, 'ROUTE_NOT_FOUND')));

  // Before every other hook, so even a request refused by the limiter or the CSRF check carries them.
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(headers);
    void reply.header('x-request-id', request.id);
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Pages and API answers are sent whole: compressed in one call on this thread rather than
    // through a zlib stream. Brotli at quality 2 takes 0.2 ms for a 95 KB page where quality 4
    // took 0.5 ms, for 7 % more bytes: on a signed-in shopper's page (put together for them,
    // never kept) the compression was a fifth of the server's work (decision 184).
    // Each brotli stream holds a 4 MB window outside the JavaScript heap until the collector
    // frees it, and V8 answers that "external memory pressure" with full collections: on
    // PostgreSQL, rendered pages ran 100-135 of them in 8 s, and the collector's threads
    // spent more CPU than the pages (decision 145). Larger bodies still stream.
    syncThreshold: 256 * 1024,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
        // A 256 KB window: a whole page fits in it, and a stream holds 256 KB, not 4 MB.
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitMax,
    keyGenerator: rateLimitKey,
    timeWindow: '1 minute',
    ...(redis && {
      redis,
      nameSpace: 'shop-rl:',
      // Redis away: shoppers are served unlimited for a while rather than all refused with 500s.
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new AppError(429, 'RATE_LIMITED', undefined, {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        }),
        {
          statusCode: 429,
        },
      ),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });
  app.addHook('onRequest', csrfGuard);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('shopperMarks', undefined);
  app.addHook('onRequest', resolveSession);
  // Every route under /api/admin, whoever registers it, passes the staff guard first.
  app.decorateRequest('staff', null);
  app.addHook('onRequest', staffGuard);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Riyadh electronics shop API',
        description:
          'The shop API. Text fields answer in the request language (Accept-Language or ?lang=ar|en, default Arabic). Errors are { code, message, fields? }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
          bearer: { type: 'http', scheme: 'bearer' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await mkdir(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    // Upload names are generated and never reused, so they can be cached for good.
    immutable: true,
    maxAge: '365d',
    index: false,
    list: false,
    dotfiles: 'deny',
    decorateReply: false,
  });

  await app.register(healthRoutes, {
    database,
    ...(redis && { redisUp: () => redis.status === 'ready' }),
  });
  await app.register(catalogRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(catalogGroupRoutes);
  await app.register(searchSynonymRoutes);
  await app.register(discountRoutes);
  await app.register(catalogSpecRoutes);
  await app.register(contentRoutes);
  await app.register(usersRoutes);
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(wishlistRoutes);
  await app.register(messageRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  // Orders left awaiting payment are settled with the provider in the background: a child
  // scope, so that closing waits for a run in progress before the shop's own hooks close the
  // change bus.
  await app.register(async (scope) => {
    const reconciler = paymentReconciler(
      { ...shop, provider: app.payments, tabby: app.tabby },
      config.reconcileIntervalMs,
    );
    scope.addHook('onReady', async () => reconciler.start());
    scope.addHook('onClose', () => reconciler.stop());
  });
  // Pay-later captures owed or due at the deadline, on the reconciliation's schedule, the same way.
  await app.register(async (scope) => {
    const captures = captureJob(
      { ...shop, provider: app.payments, tabby: app.tabby },
      config.reconcileIntervalMs,
    );
    scope.addHook('onReady', async () => captures.start());
    scope.addHook('onClose', () => captures.stop());
  });
  // Queued shopper messages are sent in the background, the same way.
  await app.register(async (scope) => {
    scope.addHook('onReady', async () => delivery.start());
    scope.addHook('onClose', () => delivery.stop());
  });
  // Issued e-invoices are reported to Fatoora in the background, the same way.
  await app.register(async (scope) => {
    const reporter = einvoiceReporter(shop, config.zatca.reportIntervalMs);
    scope.addHook('onReady', async () => reporter.start());
    scope.addHook('onClose', () => reporter.stop());
  });
  await app.register(staffRoutes);
  await app.register(staffMemberRoutes);
  await app.register(auditRoutes);
  await app.register(adminOrderRoutes);
  await app.register(insightsRoutes);
  await app.register(contentAdminRoutes);
  await app.register(catalogImportRoutes);
  await app.register(refundRoutes);
  await app.register(returnRoutes);
  await app.register(reviewRoutes);
  await app.register(einvoiceAdminRoutes);

  // Last: the storefront pages take every path the API did not claim (modules/web).
  const webBuildDir = resolveWebBuildDir(config);
  if (webBuildDir) {
    pages = await loadPages(app, webBuildDir);
    await app.register(webRoutes, { pages, buildDir: webBuildDir });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
