import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../../config.ts';
import { migrationsFolder } from '../../db/client.ts';
import { AdmissionGate, logRefusals } from '../../lib/admission.ts';
import { isApiPath } from '../csrf.ts';
import { AppError } from '../../lib/errors.ts';
import { sendBusyPage } from './busy-page.ts';
import { acceptsGzip, PageCache, sharedPageKey } from './page-cache.ts';
import { storeDataFor } from './store-data.ts';
import {
  cutAtSlots,
  fillSlots,
  gzipFilledSlots,
  shopperPageKey,
  shopperPages,
  withOwnPartKey,
} from './shopper-pages.ts';
import { backOfficeDataFor } from './back-office-data.ts';
import { clientGone } from '../../views/public-catalog.ts';
import { shopOrigin } from '../../lib/public-origin.ts';
import { inSpan } from '../../lib/tracing.ts';
import { tracePageRoute } from '../request-tracing.ts';
import { storefrontRoutePatterns } from './route-matching.ts';

/**
 * The storefront (React Router, server-rendered) mounted in the API process
 * (docs/decisions/030-storefront-ssr-in-api-process.md). Registered last: /api and /uploads
 * keep their own routes; hashed assets and the translation files are static; every other
 * path is a page.
 */

/** apps/web/build, found from the API's own folder (the same from its sources and its bundle). */
const defaultBuildDir = path.resolve(migrationsFolder, '../../web/build');

/** Forms posted to pages (profile photo included) may be larger than API JSON bodies. */
const PAGE_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The web build to serve: WEB_BUILD_DIR, else apps/web/build when it exists (never in tests,
 * which mount it explicitly).
 */
export function resolveWebBuildDir(config: Config): string | undefined {
  const dir = config.webBuildDir
    ? path.resolve(config.webBuildDir)
    : config.env === 'test'
      ? undefined
      : defaultBuildDir;
  return dir && existsSync(path.join(dir, 'server/index.js')) ? dir : undefined;
}

type CspConfig = Pick<Config, 'mapTileUrl' | 'env' | 'publicUrl' | 'paymentSandbox' | 'moyasar'>;

/** The page CSP: scripts only from us or inline with this response's nonce. */
export function pageCsp(nonce: string, config: CspConfig): string {
  return csp([`'nonce-${nonce}'`], config);
}

/**
 * The CSP of a page shared by every visitor (the page cache): its own inline scripts by hash,
 * since a nonce in a page sent to many would be known to all of them.
 */
export function cachedPageCsp(scriptHashes: string[], config: CspConfig): string {
  return csp(scriptHashes, config);
}

function csp(inlineScripts: string[], config: CspConfig): string {
  const imgSrc = ["'self'", 'data:', 'blob:'];
  const tileOrigin = tileHost(config.mapTileUrl);
  if (tileOrigin) imgSrc.push(tileOrigin);
  // Moyasar's card form posts the card straight to Moyasar and may show 3-D Secure in a frame.
  const provider = config.paymentSandbox ? undefined : new URL(config.moyasar.apiUrl).origin;
  const providerSrc = provider ? ` ${provider}` : '';
  if (provider) imgSrc.push(provider);
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self'${providerSrc}`,
    `frame-src 'self'${providerSrc}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${providerSrc}`,
    "frame-ancestors 'none'",
  ];
  if (config.env === 'production' && config.publicUrl?.startsWith('https:')) {
    directives.push('upgrade-insecure-requests');
  }
  return directives.join('; ');
}

function tileHost(template: string): string | undefined {
  if (!template) return undefined;
  try {
    // `{s}` subdomains become a wildcard host.
    const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'));
    return template.includes('{s}')
      ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`
      : url.origin;
  } catch {
    return undefined;
  }
}

function limitBody(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new AppError(413, 'PAYLOAD_TOO_LARGE'));
      else callback(null, chunk);
    },
  });
}

/**
 * The request as React Router takes it. `asVisitor`: without its cookies but the language choice
 * (the page every visitor gets, rendered from a signed-in shopper's request).
 */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, url: URL, asVisitor = false): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (asVisitor && name === 'cookie') {
      const language = request.cookies?.i18next;
      if (language !== undefined) headers.set('cookie', `i18next=${encodeURIComponent(language)}`);
      continue;
    }
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const body = request.body instanceof Readable ? request.body : request.raw;
    init.body = Readable.toWeb(body.pipe(limitBody(PAGE_BODY_LIMIT))) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** Renders storefront pages: the request as it came, or the not-found page of its language. */
export interface Pages {
  render(request: FastifyRequest, reply: FastifyReply, url?: string): Promise<FastifyReply>;
  /** A path the router cannot read (a stray `%`, an overlong segment): Go to Home, HTTP 404. */
  renderNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The back office's pages (`/dashboard…`, `/en/dashboard…`, and their `.data` requests): sent
 * with `no-store` and `noindex`, never from the shared page cache (decision 104).
 */
const DASHBOARD_PATH = /^\/(?:en\/)?dashboard(?:[/.?]|$)/;

export function isDashboardPath(url: string): boolean {
  return DASHBOARD_PATH.test(url);
}

export { isApiPath };

export async function loadPages(app: FastifyInstance, buildDir: string): Promise<Pages> {
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const handle = createRequestHandler(build, app.config.env === 'production' ? 'production' : 'development');
  const pageCache =
    app.config.pageCacheBytes > 0 ? new PageCache(app.changes, app.config.pageCacheBytes) : undefined;
  const forShoppers = shopperPages(build);
  const routePattern = storefrontRoutePatterns(build);
  app.addHook('onClose', async () => pageCache?.close());
  if (pageCache) app.metrics?.watchPageCache(pageCache);

  /**
   * A gate for work that runs on this thread without pause: one request starts per turn of the
   * event loop, so that sockets are read and connections accepted in between, first come first
   * served. A request that cannot start within PAGE_RENDER_WAIT_MS is answered at once with the
   * busy page; the wait, not the length of the line, bounds the queue (no wait means no line).
   */
  const pacedGate = (name: string, concurrency: number) => {
    const gate = new AdmissionGate({
      name,
      concurrency,
      queue: app.config.pageRenderWaitMs > 0 ? 10_000 : 0,
      maxWaitMs: app.config.pageRenderWaitMs,
      retryAfterSeconds: 1,
      onePerTurn: true,
    });
    app.metrics?.watchGate(gate);
    logRefusals(gate, app.log);
    return gate;
  };

  /**
   * Renders. Without the gate every request in a burst starts rendering together, each waits on
   * the others' queries, and all of them finish late (seconds, at 50 connections on two cores);
   * with it the wait is bounded and fair, and only the excess is turned away. Pages served from
   * the cache never wait here.
   */
  const renderGate = pacedGate('page renders', app.config.pageRenderConcurrency);

  /*
   * A signed-in shopper's page put together from the shared page: their corners (and the cart's
   * own part) are read and rendered in about a millisecond, so many could run in one turn. Node
   * accepts a new connection once per turn: fifty shoppers connecting at once while others were
   * served waited up to 2 s for their first answer (one turn, up to fifty pages put together).
   * One starting per turn, a connection waits about one page per connection ahead of it. Their
   * number at once is not what is bounded here (most read nothing), hence the high limit.
   */
  const assemblyGate = pacedGate('shopper pages', 1_000);

  /**
   * `shared`: the render may be served to other visitors waiting for the same page, so it is
   * not given up when this visitor goes away (only a render for one request is).
   */
  const renderResponse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    shared: boolean,
    asVisitor = false,
  ) => {
    const origin = `${request.protocol}://${request.host}`;
    const nonce = randomBytes(16).toString('base64');
    // The turn lasts until the whole page is rendered, not only its first bytes: React renders
    // the rest of a streamed page after the handler returns, and a turn that ended there let
    // more pages render at once than PAGE_RENDER_CONCURRENCY says.
    // While tracing is on, the render is a span of the request's (its loaders' queries are its
    // children).
    const page = await renderGate.run(
      () =>
        inSpan('render page', { attributes: { 'shop.page.shared': shared } }, async (span) => {
          let document: string | Buffer | undefined;
          const response = await handle(toFetchRequest(request, reply, new URL(url, origin), asVisitor), {
            takeDocument: (html: string | Buffer) => {
              document = html;
            },
            storeData: storeDataFor(app, request, shared ? undefined : clientGone(reply), asVisitor),
            backOffice: backOfficeDataFor(app, request),
            cspNonce: nonce,
            publicOrigin: shopOrigin(app),
            mapTileUrl: app.config.mapTileUrl,
            // Rendered as a visitor for signed-in shoppers: the page their corners go into.
            sharedWithShoppers: asVisitor,
          });
          const html = document ?? (response.body === null ? null : await response.text());
          span.set('http.response.status_code', response.status);
          return { status: response.status, headers: response.headers, html };
        }),
      shared ? undefined : clientGone(reply),
    );
    return { page, nonce };
  };

  const sendRendered = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    headers: Headers,
    nonce: string,
    body: string | Buffer | null,
  ) => {
    reply.status(status);
    headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('content-security-policy', pageCsp(nonce, app.config));
    if (isDashboardPath(request.url)) {
      // Staff pages hold customers' data and one member's session: no cache keeps them, no
      // search engine lists them, whatever the route answered (a redirect, an error page).
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    return body === null ? reply.send() : reply.send(body);
  };

  const render = (request: FastifyRequest, reply: FastifyReply, url = request.url) => {
    tracePageRoute(request, () => routePattern(url));
    return renderOrRefuse(request, reply, url).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'SERVER_BUSY')
        return sendBusyPage(reply, /^\/en(\/|\?|$)/.test(url) ? 'en' : 'ar', 1);
      throw error;
    });
  };

  /** Renders a page every visitor may be sent, for the page cache (as text: its nonce, hashes, links). */
  const renderShared = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    asVisitor = false,
  ) => {
    const { page, nonce } = await renderResponse(request, reply, url, true, asVisitor);
    const html = typeof page.html === 'string' ? page.html : (page.html?.toString('utf8') ?? '');
    return { page: { ...page, html }, nonce };
  };
  const sharedCsp = (scriptHashes: string[]) => cachedPageCsp(scriptHashes, app.config);

  /**
   * Sends a signed-in shopper's page put together from the page every visitor gets and their
   * corners (shopper-pages.ts): true when sent, false when this page is rendered for them instead.
   * (A boolean, not the reply: a reply is a thenable, and awaiting it waits for the response.)
   */
  const sendForShopper = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const sharing = forShoppers?.sharing(request.url);
    if (!sharing || !pageCache || !forShoppers) return false;
    const sharedKey = sharing.main ? withOwnPartKey(key) : key;
    const found = await pageCache.find(
      sharedKey,
      () => renderShared(request, reply, request.url, true),
      sharedCsp,
    );
    if (!found.entry) return false;
    const lang = /^\/en(\/|\?|$)/.test(request.url) ? 'en' : 'ar';
    const store = storeDataFor(app, request)(lang);
    const slots = await assemblyGate.run(
      () => forShoppers.slots(request.url, store, sharing, app.config.mapTileUrl),
      clientGone(reply),
    );
    if (!slots) return false;
    const cut = pageCache.derived(sharedKey, found.entry, cutAtSlots);
    // Sent as gzip (the shared bytes compressed once) to any client that takes it, brotli
    // included: the compression plugin leaves an answer that has its encoding.
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply.status(200);
    reply.headers(found.entry.headers);
    // Written for this shopper: no shared cache keeps it, and no ETag of the shared page.
    reply.header('cache-control', 'private, no-cache');
    if (gzip) {
      reply.header('content-encoding', 'gzip');
      reply.header('vary', 'Accept-Encoding, Cookie');
      reply.send(gzipFilledSlots(cut, slots));
    } else {
      reply.header('vary', 'Cookie');
      reply.send(fillSlots(cut, slots));
    }
    return true;
  };

  const renderOrRefuse = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    const sharedUrl = url === request.url && pageCache && !isDashboardPath(url);
    const key = sharedUrl ? sharedPageKey(request) : undefined;
    if (key && pageCache) {
      return pageCache.serve(
        key,
        request,
        reply,
        () => renderShared(request, reply, url),
        (page, nonce) => sendRendered(request, reply, page.status, page.headers, nonce, page.html),
        sharedCsp,
      );
    }
    const shopperKey = sharedUrl ? shopperPageKey(request) : undefined;
    if (shopperKey && (await sendForShopper(request, reply, shopperKey))) return reply;
    const { page, nonce } = await renderResponse(request, reply, url, false);
    return sendRendered(request, reply, page.status, page.headers, nonce, page.html);
  };
  return {
    render,
    // No page lives at /404: the not-found route answers it in the language of the path.
    renderNotFound: (request, reply) =>
      render(request, reply, /^\/en(\/|$)/.test(request.url) ? '/en/404' : '/404'),
  };
}

export async function webRoutes(
  app: FastifyInstance,
  { pages, buildDir }: { pages: Pages; buildDir: string },
) {
  const assetsDir = path.join(buildDir, 'client', 'assets') + path.sep;

  // One route per file found now (no wildcard), so every other path reaches the pages.
  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    decorateReply: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        // Hashed file names change with their content: cache them for good.
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  // Pages read their own bodies (forms, multipart): no parsing here, just a pass-through.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '*',
    schema: { hide: true },
    async handler(request, reply) {
      if (isApiPath(request.url)) throw new AppError(404, 'ROUTE_NOT_FOUND');
      return pages.render(request, reply);
    },
  });
}
