import { Writable } from 'node:stream';
import { createContext, useContext } from 'react';
import { isbot } from 'isbot';
import { shopperSlotPattern, type Lang, type StoreData } from '@shop/contract';
import { renderToPipeableStream, renderToString, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  MemoryRouter,
  ServerRouter,
  StaticRouterProvider,
  type AppLoadContext,
  type EntryContext,
} from 'react-router';
import { shopperOf } from './features/auth/session.server.ts';
import { ShopperCorners } from './features/shell/components/shopper-corners.tsx';
import { wishedHeart } from './features/wishlist/components/wish-heart.tsx';
import { deferHydration, hasRouterScripts } from './lib/defer-hydration.server.ts';
import { serverI18n } from './lib/i18n.server.ts';
import { pageLang } from './lib/lang.ts';
import type { RootData } from './lib/root-data.ts';
import type { ShopperMain, ShopperMainContext } from './lib/shared-page.ts';
import { NonceContext } from './lib/nonce.ts';
import type { Shopper } from './lib/shopper.ts';
import { StaticPageContext } from './lib/static-page.ts';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const lang = pageLang(new URL(request.url).pathname);
  const i18n = await serverI18n(lang);
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers wait for every Suspense boundary; for people, rendering ends with the shell.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // Pages carry the shopper's language choice and session; never share them in caches.
          responseHeaders.set('Cache-Control', 'private, no-cache');
          responseHeaders.append('Vary', 'Cookie');
          // The document is sent whole (no page streams a Suspense boundary), with its scripts
          // loading after the first paint (decision 053). React's chunks are collected as they
          // come.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              try {
                const page = Buffer.concat(chunks);
                // Only a page that React Router hydrates has scripts to defer; the others
                // (home and product pages) go out as the bytes React wrote, never made text.
                const html = hasRouterScripts(page) ? deferHydration(page.toString('utf8')) : page;
                const { takeDocument } = loadContext;
                takeDocument?.(html);
                resolve(
                  new Response(takeDocument ? null : html, {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  }),
                );
              } catch (error) {
                reject(error);
              }
              callback();
            },
          });
          body.on('error', reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

const HEART_SLOT = /^wish-([0-9]+)$/;

/**
 * The header's corners as written for a shopper, by name. They do not depend on which shared
 * page they go into (none of their links is one of those pages; the tests compare every kind of
 * page with the page rendered for the shopper), so a shopper's next pages reuse them until
 * something they show changes (name, picture, the cart's units): the last few hundred are kept.
 * A page with a part of its own (`ownPage`: the cart) is one of the shopper's pages the corners
 * link to, marked there as the current one: its corners are kept apart.
 */
const cornersKept = new Map<string, Map<string, string>>();
const CORNERS_KEPT = 500;

async function cornersOf(path: string, lang: Lang, isStatic: boolean, shopper: Shopper, ownPage: boolean) {
  const { wished: _hearts, ...shown } = shopper;
  const page = ownPage ? (path.split('?')[0] ?? path) : '';
  const key = `${lang} ${isStatic} ${page} ${JSON.stringify(shown)}`;
  const kept = cornersKept.get(key);
  if (kept) return kept;
  const i18n = await serverI18n(lang);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <StaticPageContext.Provider value={isStatic}>
          <ShopperCorners shopper={shopper} />
        </StaticPageContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  const corners = new Map<string, string>();
  for (const [, name = '', inner = ''] of html.matchAll(shopperSlotPattern())) corners.set(name, inner);
  if (cornersKept.size >= CORNERS_KEPT) cornersKept.delete(cornersKept.keys().next().value!);
  cornersKept.set(key, corners);
  return corners;
}

/**
 * A page's own part (`shopperMain` of its route) rendered alone for the shopper: inside a router
 * of its own that answers the hooks the part uses as the page's would (the address, the root's
 * settings, no form sent yet), so that it is exactly what the whole page has there.
 */
async function renderMain(
  main: ShopperMain<unknown>,
  context: ShopperMainContext,
  path: string,
  lang: Lang,
  store: StoreData,
  shopper: Shopper,
): Promise<string> {
  const [data, settings, i18n] = await Promise.all([
    main.read(store, context),
    store.settings(),
    serverI18n(lang),
  ]);
  // The root's data as far as a part reads it: the settings (nothing in a part shows the
  // footer's categories or the page's origin).
  const root: RootData = { lang, settings, popularCategories: [], shopper, origin: '' };
  const handler = handlerOf(main);
  const routing = await handler.query(new Request(new URL(path, 'http://shop.invalid')), {
    requestContext: { root } satisfies MainRequest,
  });
  if (routing instanceof Response) throw new Error(`the page's own part of ${path} did not render`);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MainData.Provider value={data}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, routing)}
          context={routing}
          hydrate={false}
        />
      </MainData.Provider>
    </I18nextProvider>,
  );
}

/** What a part's router is given for one request: the root's data (its part's data goes by `MainData`). */
interface MainRequest {
  root: RootData;
}
const MainData = createContext<unknown>(undefined);

/**
 * The router a part renders in, made once per part (its routes are the same for every request;
 * making them again was a share of each cart's time): the root's data comes from the request's
 * context, the part's data from `MainData`.
 */
const partHandlers = new WeakMap<ShopperMain<unknown>, ReturnType<typeof createStaticHandler>>();
function handlerOf(main: ShopperMain<unknown>) {
  let handler = partHandlers.get(main);
  if (!handler) {
    const Part = () => <main.Component data={useContext(MainData)} />;
    handler = createStaticHandler([
      {
        id: 'root',
        path: '/',
        loader: ({ context }) => (context as unknown as MainRequest).root,
        children: [{ id: 'main', path: '*', Component: Part }],
      },
    ]);
    partHandlers.set(main, handler);
  }
  return handler;
}

/** A page's own part to render for the shopper, and what it needs besides the shopper's data. */
export interface MainToRender {
  main: ShopperMain<unknown>;
  context: ShopperMainContext;
}

/**
 * The corners of a page (`ShopperSlot`) as the shop writes them for the shopper signed in to
 * `store`, or null when nobody is: what the server puts into the page it keeps for every visitor,
 * so that a signed-in shopper's page costs this small render instead of the whole page. The
 * answer gives a corner's content from its name and its content in the shared page: the header's
 * corners rendered for the shopper, a product's heart turned over when they wish for it, and the
 * page's own part (`main`, the cart's) rendered for them. `path` is the page's path and query
 * (links in the corners depend on it); `isStatic` says whether the page is sent without being
 * hydrated (its links are then plain anchors).
 */
export async function renderShopperSlots(
  path: string,
  store: StoreData,
  isStatic: boolean,
  main?: MainToRender,
): Promise<((name: string, shared: string) => string) | null> {
  const shopper = await shopperOf(store);
  if (!shopper) return null;
  const lang = pageLang(path.split('?')[0] ?? path);
  const [corners, ownPart] = await Promise.all([
    cornersOf(path, lang, isStatic, shopper, main !== undefined),
    main ? renderMain(main.main, main.context, path, lang, store, shopper) : undefined,
  ]);
  const wished = new Set(shopper.wished);
  return (name, shared) => {
    if (name === 'main' && ownPart !== undefined) return ownPart;
    const heart = HEART_SLOT.exec(name);
    if (heart) return wished.has(Number(heart[1])) ? wishedHeart(shared) : shared;
    return corners.get(name) ?? '';
  };
}
