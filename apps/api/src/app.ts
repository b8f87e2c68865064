import './types.ts';
import { mkdir } from 'node:fs/promises';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
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
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ChangeEvents } from './lib/change-events.ts';
import { AppError, sendError } from './lib/errors.ts';
import { isInternalRequest } from './lib/internal-request.ts';
import { requestLang } from './lib/lang.ts';
import { csrfGuard } from './lib/csrf.ts';
import { resolveSession } from './lib/session.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { isApiPath, loadPages, resolveWebBuildDir, webRoutes, type Pages } from './modules/web/plugin.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options or false; tests pass false or a silent logger. */
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, database, logger }: AppOptions) {
  let pages: Pages | undefined;
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.UserPassword',
          '*.userPassword',
          '*.oldPassword',
        ],
        censor: '[redacted]',
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests never hang forever on a slow client.
    requestTimeout: 30_000,
    routerOptions: { maxParamLength: 200 },
    // A path the router cannot read (a stray `%`, an overlong segment): the API's own error
    // shape, or the storefront's not-found page, in place of Fastify's English JSON.
    frameworkErrors(error, request, reply) {
      request.lang = requestLang(undefined, request.headers['accept-language']);
      if (!pages || isApiPath(request.url)) return sendError(request, reply, error);
      pages.renderNotFound(request, reply).catch((failure: unknown) => sendError(request, reply, failure));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('changes', new ChangeEvents());
  app.addHook('onClose', async () => app.changes.close());
  app.decorateRequest('lang', 'ar');
  app.addHook('onRequest', async (request) => {
    request.lang = requestLang(request.query, request.headers['accept-language']);
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError(404, 'ROUTE_NOT_FOUND')));

  await app.register(fastifyHelmet, {
    // The storefront sets its own CSP with a per-request nonce (see modules/web).
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'"],
        // Only behind HTTPS: on plain http://localhost it would break every asset.
        upgradeInsecureRequests: config.publicUrl?.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it browsers send `Origin: null` on the shop's own form
    // posts, which the CSRF checks (ours and React Router's) must refuse. Other sites still
    // get no referrer at all.
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.publicUrl?.startsWith('https:') ?? false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitMax,
    allowList: (request) => isInternalRequest(request),
    timeWindow: '1 minute',
    ...(config.redisUrl && {
      redis: new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false }),
      nameSpace: 'shop-rl:',
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
  app.addHook('onRequest', resolveSession);

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

  await app.register(healthRoutes, { database });
  await app.register(catalogRoutes, { database });
  await app.register(contentRoutes);
  await app.register(usersRoutes);
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);

  // Last: the storefront pages take every path the API did not claim (modules/web).
  const webBuildDir = resolveWebBuildDir(config);
  if (webBuildDir) {
    pages = await loadPages(app, webBuildDir);
    await app.register(webRoutes, { pages, buildDir: webBuildDir });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
