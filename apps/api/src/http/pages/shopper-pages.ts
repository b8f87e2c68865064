import type { ServerBuild } from 'react-router';
import { shopperSlotPattern, type StoreData } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { gzipOfPieces, gzipPiece, storedPiece, type GzipPiece } from '../../lib/gzip-pieces.ts';
import { SESSION_COOKIE } from '../csrf.ts';
import { byPath, storefrontMatcher } from './route-matching.ts';

/**
 * A signed-in shopper's page, when it is the same as every visitor's but for its corners.
 *
 * Most pages a shopper opens (home, listings, a product, information pages) are the same for
 * everyone except the header's account menu and cart badge, the side drawer's account links and
 * the product page's "log in" prompt. The storefront marks those corners (`ShopperSlot`) and
 * those routes (`handle.sameForEveryShopper`). For such a page, the server takes the page it
 * keeps for every visitor (the page cache, rendered once), has the storefront render the
 * corners alone for this shopper (`renderShopperSlots`, a few small components), and puts them
 * in. Rendering the whole page for each shopper cost several milliseconds of the one thread
 * per request; this costs the session's one statement, the corners and the compression.
 * (docs/decisions/184-signed-in-pages-from-the-shared-page.md)
 */

/** A corner's content for the shopper, from its name and its content in the shared page. */
export type FillSlot = (name: string, shared: string) => string;

/**
 * A page's own part (a route's `shopperMain`, the cart's): opaque here, handed back to the
 * storefront's entry with what it needs besides the shopper's data.
 */
interface MainToRender {
  main: unknown;
  context: { mapTileUrl: string };
}

/** What the storefront's server entry exports for it (apps/web/app/entry.server.tsx). */
type RenderShopperSlots = (
  path: string,
  store: StoreData,
  isStatic: boolean,
  main?: MainToRender,
) => Promise<FillSlot | null>;

interface RouteHandle {
  sameForEveryShopper?: boolean;
  hydrate?: boolean;
}

/** How a page is shared with signed-in shoppers. */
export interface Sharing {
  isStatic: boolean;
  /**
   * The route's own part, rendered for each shopper (`shopperMain`): the page it goes into is
   * then not the one every visitor gets (a visitor is sent to sign in), and is kept apart.
   */
  main?: unknown;
}

/** Cookies a signed-in shopper's page may carry and still be the shared page: the session and the language. */
const SHOPPER_PAGE_COOKIES = new Set([SESSION_COOKIE, 'i18next']);

/**
 * The page cache's key of the page every visitor gets, for a request by a signed-in shopper
 * that may be answered with it: a GET carrying the session cookie and at most the language
 * choice beside it (a notice of a form just sent, a comparison list, a back-office session or
 * anything unknown means the page is rendered for this request).
 */
export function shopperPageKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || request.headers.authorization !== undefined || !request.user)
    return undefined;
  const cookies = request.cookies ?? {};
  for (const name of Object.keys(cookies)) if (!SHOPPER_PAGE_COOKIES.has(name)) return undefined;
  return `${cookies.i18next ?? ''} ${request.url}`;
}

const slotMarkup = (name: string, content: string) =>
  `<shopper-slot name="${name}">${content}</shopper-slot>`;

/** A shared page cut at its corners: what lies between them (as bytes), the corners' names and contents. */
export interface PageAtSlots {
  pieces: Buffer[];
  names: string[];
  contents: string[];
  /** Each corner whole as the shared page has it, for a corner the shopper's page keeps as it is. */
  asShared: Buffer[];
  /**
   * The pieces and the corners as the shared page has them, each compressed once (gzip-pieces.ts):
   * a shopper's page then compresses only the corners written for them.
   */
  gzipped: { pieces: GzipPiece[]; asShared: GzipPiece[] };
  bytes: number;
}

/** Cuts a page at its corners (once per cached page: a shopper's page is then a concatenation). */
export function cutAtSlots(html: string): PageAtSlots {
  const pieces: Buffer[] = [];
  const names: string[] = [];
  const contents: string[] = [];
  let last = 0;
  for (const match of html.matchAll(shopperSlotPattern())) {
    pieces.push(Buffer.from(html.slice(last, match.index)));
    names.push(match[1]!);
    contents.push(match[2]!);
    last = match.index + match[0].length;
  }
  pieces.push(Buffer.from(html.slice(last)));
  const asShared = names.map((name, i) => Buffer.from(slotMarkup(name, contents[i]!)));
  const gzipped = {
    pieces: pieces.map((piece) => gzipPiece(piece, 9)),
    asShared: asShared.map((piece) => gzipPiece(piece, 9)),
  };
  // The contents are kept as text too (two bytes a character at most).
  const bytes =
    [...pieces, ...asShared].reduce((sum, piece) => sum + piece.length, 0) +
    [...gzipped.pieces, ...gzipped.asShared].reduce((sum, piece) => sum + piece.deflated.length, 0) +
    contents.reduce((sum, content) => sum + 2 * content.length, 0);
  return { pieces, names, contents, asShared, gzipped, bytes };
}

/** The shared page with each corner's content as the shopper's. */
export function fillSlots(page: PageAtSlots, fill: FillSlot): Buffer {
  const parts: Buffer[] = [page.pieces[0]!];
  page.names.forEach((name, i) => {
    const shared = page.contents[i]!;
    const content = fill(name, shared);
    parts.push(
      content === shared ? page.asShared[i]! : Buffer.from(slotMarkup(name, content)),
      page.pieces[i + 1]!,
    );
  });
  return Buffer.concat(parts);
}

/** A corner of a shopper's own shorter than this is sent stored, not compressed (gzip-pieces.ts). */
const STORED_BELOW = 2048;

/**
 * `fillSlots` as a gzip body: the shared pieces compressed once, only the shopper's corners
 * compressed (quickly) or stored for this answer. Compressing the whole page for each shopper
 * was the largest part of their page's cost once nothing is read for it.
 */
export function gzipFilledSlots(page: PageAtSlots, fill: FillSlot): Buffer {
  const parts: GzipPiece[] = [page.gzipped.pieces[0]!];
  page.names.forEach((name, i) => {
    const shared = page.contents[i]!;
    const content = fill(name, shared);
    let piece = page.gzipped.asShared[i]!;
    if (content !== shared) {
      const text = Buffer.from(slotMarkup(name, content));
      piece = text.length < STORED_BELOW ? storedPiece(text) : gzipPiece(text, 1);
    }
    parts.push(piece, page.gzipped.pieces[i + 1]!);
  });
  return gzipOfPieces(parts);
}

export interface ShopperPages {
  /** How the page at `url` is shared with shoppers, or undefined when it is rendered for each. */
  sharing(url: string): Sharing | undefined;
  /** How the corners of the page at `url` are written for the shopper of `store`; null without one. */
  slots(url: string, store: StoreData, sharing: Sharing, mapTileUrl: string): Promise<FillSlot | null>;
}

/**
 * The page cache's key of the page a route with its own part (the cart) is put together from:
 * apart from the visitors' pages (for whom the same address is a redirect to sign in). A
 * newline is in no URL and no cookie, so no visitor's key is ever this one.
 */
export const withOwnPartKey = (key: string) => `${key}\nshared with shoppers`;

export function shopperPages(build: ServerBuild): ShopperPages | undefined {
  const render = (build.entry.module as { renderShopperSlots?: RenderShopperSlots }).renderShopperSlots;
  if (!render) return undefined;
  const match = storefrontMatcher(build);
  const handleOf = (id: string) => build.routes[id]?.module.handle as RouteHandle | undefined;
  const byPathname = byPath((pathname): Sharing | undefined => {
    // React Router's data requests answer JSON of the loaders, not a page.
    if (pathname.endsWith('.data')) return undefined;
    const matches = match(pathname);
    const leaf = matches?.at(-1);
    if (!leaf?.route.id || handleOf(leaf.route.id)?.sameForEveryShopper !== true) return undefined;
    const isStatic = matches!.some((m) => handleOf(m.route.id!)?.hydrate === false);
    const main = (build.routes[leaf.route.id]?.module as { shopperMain?: unknown }).shopperMain;
    return main ? { isStatic, main } : { isStatic };
  });
  return {
    sharing: (url) => {
      const found = byPathname(url);
      // A page with its own part is shared at its plain address only: a query may open a dialog
      // of that part (`?dialog=checkout`) or say why a payment did not go through.
      return found?.main && url.includes('?') ? undefined : found;
    },
    slots: (url, store, sharing, mapTileUrl) =>
      render(
        url,
        store,
        sharing.isStatic,
        sharing.main ? { main: sharing.main, context: { mapTileUrl } } : undefined,
      ),
  };
}
