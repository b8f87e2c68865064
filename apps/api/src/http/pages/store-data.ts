import type { Lang, StoreData, StoreDataSource } from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../modules/users/sessions.ts';
import type { PageMarks } from '../../views/store/wishlist.ts';
import { unauthorized } from '../../lib/errors.ts';
import { activeShopper, sessionShopper } from '../../views/store/shopper.ts';
import { staffSessionOf } from '../staff-guard.ts';
import { pageAction, perLanguage } from './page-calls.ts';
import { accountPages } from './store/accounts.ts';
import { addressPages } from './store/addresses.ts';
import { cartPages } from './store/cart.ts';
import { catalogPages } from './store/catalog.ts';
import { contentPages } from './store/content.ts';
import { orderPages } from './store/orders.ts';
import { reviewPages } from './store/reviews.ts';
import { wishlistPages } from './store/wishlist.ts';
import { messagePages } from './store/messages.ts';

type ActionResult<T> = Awaited<ReturnType<typeof pageAction<T>>>;

/**
 * What one area of the storefront's pages gets: the shop, the page's language, and the shopper
 * of this page request, whose session the API's hooks resolved (`request.user`): reads are for
 * that shopper only (none for a visitor), and changes are made as that shopper (a visitor is
 * refused 401, as the API refuses a call without a session).
 */
export interface StorePageContext {
  app: FastifyInstance;
  lang: Lang;
  /** Aborts when the visitor went away: a queued search or listing gives up its place. */
  signal: AbortSignal | undefined;
  /** The id of the signed-in shopper the page shows, or null for a visitor. */
  shopperId(): Promise<string | null>;
  /** Whether a back-office member is signed in (they preview hidden products). */
  isStaff(): Promise<boolean>;
  /** The shopper's cart units and wished products as read with their session (a GET), else undefined. */
  marks(): PageMarks | undefined;
  /** A change made as the signed-in shopper: its answer, or the refusal as the API words it. */
  act<T>(run: (shopper: SessionUser) => Promise<T>): Promise<ActionResult<T>>;
}

/**
 * The storefront's data and changes for one page request: each area's views and use cases, the
 * same the API routes call (and so the same answers), without a request of its own. Reads
 * shared by every visitor come from the read cache.
 */
export function storeDataFor(
  app: FastifyInstance,
  request: FastifyRequest,
  /** Aborts when the visitor went away: a queued search or listing gives up its place. */
  signal?: AbortSignal,
  /**
   * Read as a visitor whoever sent the request: the page every visitor gets, rendered for the
   * page cache from a signed-in shopper's request (their corners are written in afterwards).
   */
  asVisitor = false,
): StoreDataSource {
  const db = app.db;
  // The session was read for this request with its (active) shopper: a page answering a GET
  // uses that. After an action in the same request (a form posted without JavaScript, the page
  // rendered with its result), the shopper is read again, once, as the action left them.
  let user: ReturnType<StoreData['currentUser']> | undefined;
  const currentUser: StoreData['currentUser'] = () => {
    const shopper = asVisitor ? null : request.user;
    if (!shopper) return Promise.resolve(null);
    user ??=
      request.method === 'GET' || request.method === 'HEAD'
        ? Promise.resolve(sessionShopper(shopper))
        : activeShopper(db, shopper.id);
    return user;
  };

  let staff: Promise<boolean> | undefined;
  const isStaff = () =>
    (staff ??= asVisitor ? Promise.resolve(false) : staffSessionOf(request).then((found) => found !== null));

  const build = (lang: Lang): StoreData => {
    const ctx: StorePageContext = {
      app,
      lang,
      signal,
      shopperId: async () => (await currentUser())?.userId ?? null,
      isStaff,
      marks: () =>
        !asVisitor && (request.method === 'GET' || request.method === 'HEAD')
          ? request.shopperMarks
          : undefined,
      act: (run) =>
        pageAction(lang, async () => {
          if (!request.user || asVisitor) throw unauthorized();
          return run(request.user);
        }),
    };
    return {
      lang,
      currentUser,
      ...catalogPages(ctx),
      ...contentPages(ctx),
      ...cartPages(ctx),
      ...wishlistPages(ctx),
      ...messagePages(ctx),
      ...addressPages(ctx),
      ...orderPages(ctx),
      ...reviewPages(ctx),
      ...accountPages(app, request, lang),
    };
  };

  return perLanguage(build);
}
