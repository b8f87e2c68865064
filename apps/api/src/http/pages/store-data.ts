import {
  orderIdParams,
  ordersQuery,
  pagingParams,
  uuidParam,
  productSearchBody,
  type Lang,
  type PagedProducts,
  type StoreData,
  type StoreDataSource,
} from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, queryCancelled } from '../../lib/errors.ts';
import { findAddress, listAddresses, toAddressAnswer } from '../../modules/addresses/service.ts';
import { countCartUnits, readCart } from '../../modules/cart/service.ts';
import { productDetails } from '../../modules/catalog/service.ts';
import { infoPageContent, listAgents, listSliders } from '../../modules/content/service.ts';
import { getSettings, settingsForClient } from '../../modules/settings/service.ts';
import { presentOrder, presentOrdersPage } from '../../views/orders/present.ts';
import { orderWithPayment } from '../../views/orders/payment-form.ts';
import { findOrder, linesOfOrders, listOrders } from '../../modules/orders/service.ts';
import { shopperCreditNote } from '../../views/refunds/read.ts';
import { refundsOfOrders } from '../../modules/refunds/service.ts';
import { staffSessionOf } from '../staff-guard.ts';
import { findUserById, toUserAnswer } from '../../modules/users/service.ts';
import { accountPages } from './store/accounts.ts';

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/**
 * A read the shop is too busy for (its admission gate is full, or the database gave up on it)
 * becomes the page's own 503 with Retry-After: a Response thrown from a loader is React
 * Router's way to answer with a status, and the page shows "busy, try again" in its language.
 */
async function unlessBusy<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    const retryAfter =
      error instanceof AppError && error.status === 503
        ? (error.headers?.['retry-after'] ?? '1')
        : queryCancelled(error)
          ? '1'
          : undefined;
    if (retryAfter === undefined) throw error;
    throw new Response(null, { status: 503, headers: { 'Retry-After': retryAfter } });
  }
}

/** `read()`'s answer, or `fallback` when what it reads does not exist. */
async function unlessNotFound<T, F>(read: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) return fallback;
    throw error;
  }
}

/** The page and size as the API's routes check them (a size over the maximum is refused). */
const paging = (pageSize: number, page: number) =>
  pagingParams.parse({ pageSize: String(pageSize), page: String(page) });

const noResults: PagedProducts = { products: [], pagging: { pageCount: 0, rawCount: 0 } };

/**
 * The storefront's data for one page request, from the same services (and so the same
 * answers) as the API routes, without a request of its own: the session was resolved by the
 * API's hooks for the page request, so `request.user` is the shopper, and what belongs to a
 * shopper is only ever read for that shopper. Reads shared by every visitor come from the read cache.
 */
export function storeDataFor(
  app: FastifyInstance,
  request: FastifyRequest,
  /** Aborts when the visitor went away: a queued search or listing gives up its place. */
  signal?: AbortSignal,
): StoreDataSource {
  const db = app.db;
  const cache = app.readCache;
  const byLang = new Map<Lang, StoreData>();
  // The session was read for this request with its (active) shopper: a page answering a GET
  // uses that. After an action in the same request (a form posted without JavaScript, the page
  // rendered with its result), the shopper is read again, once, as the action left them.
  let user: ReturnType<StoreData['currentUser']> | undefined;
  const currentUser: StoreData['currentUser'] = () => {
    const shopper = request.user;
    if (!shopper) return Promise.resolve(null);
    user ??=
      request.method === 'GET' || request.method === 'HEAD'
        ? Promise.resolve(toUserAnswer(shopper))
        : findUserById(db, shopper.id).then((row) => (row?.active ? toUserAnswer(row) : null));
    return user;
  };
  /** The signed-in shopper's order; none when it is someone else's, missing or not an id. */
  const ownOrder = async (invoiceId: string) => {
    const shopper = await currentUser();
    if (!shopper || !orderIdParams.safeParse({ invoiceId }).success) return null;
    const order = await findOrder(db, invoiceId);
    return order && order.userId === shopper.userId ? order : null;
  };

  let staff: Promise<boolean> | undefined;
  const staffPreview = () => (staff ??= staffSessionOf(request).then((found) => found !== null));

  const build = (lang: Lang): StoreData => ({
    lang,
    ...accountPages(app, request, lang),
    settings: () =>
      cache.get('settings', `settings:${lang}`, async () =>
        settingsForClient(await getSettings(db), lang, app.config.paymentSandbox),
      ),
    categories: () => app.catalog.categories(lang),
    companies: () => app.catalog.companies(lang),
    sliders: () => cache.get('content', `sliders:${lang}`, () => listSliders(db, lang)),
    agents: () => cache.get('content', `agents:${lang}`, () => listAgents(db, lang)),
    infoPage: (kind) => cache.get('content', `info-${kind}:${lang}`, () => infoPageContent(db, kind, lang)),
    featuredProducts: () => app.catalog.featured(lang),
    newProducts: () => app.catalog.newest(lang),
    offerProducts: () => app.catalog.offers(lang),
    // A hidden product's page is a 404 to shoppers; signed-in staff see it, to preview it.
    product: async (id) =>
      unlessNotFound(
        (await staffPreview())
          ? productDetails(db, id, lang, { includeHidden: true })
          : app.catalog.product(id, lang),
        null,
      ),
    relatedProducts: (id) => unlessNotFound(app.catalog.related(id, lang), []),
    productsPage: ({ pageSize, page, ...filters }) =>
      unlessBusy(unlessNotFound(app.catalog.listing(lang, paging(pageSize, page), filters, signal), null)),
    searchProducts: ({ pageSize, page, text, ...prices }) => {
      // The API refuses a query it cannot read with a 400; a page shows no results instead.
      const body = productSearchBody.safeParse({ productName: text });
      if (!body.success) return Promise.resolve(noResults);
      return unlessBusy(
        app.catalog.search(lang, paging(pageSize, page), body.data.productName, prices, signal),
      );
    },
    currentUser,
    cart: async () => {
      const shopper = await currentUser();
      return shopper ? readCart(db, shopper.userId, lang) : null;
    },
    cartCount: async () => {
      const shopper = await currentUser();
      return shopper ? countCartUnits(db, shopper.userId) : null;
    },
    // What belongs to a shopper is read for the signed-in shopper only, and a row of someone
    // else's is "none", as the routes' owner checks answer it.
    orders: async (page, pageSize) => {
      const shopper = await currentUser();
      if (!shopper) return null;
      const query = ordersQuery.parse({ page: String(page), pageSize: String(pageSize) });
      const result = await listOrders(db, shopper.userId, query.page, query.pageSize);
      const refunds = await refundsOfOrders(
        db,
        result.orders.map((o) => o.order.id),
      );
      return presentOrdersPage(result, refunds, lang, await getSettings(db));
    },
    order: async (invoiceId) => {
      const order = await ownOrder(invoiceId);
      if (!order) return null;
      const lines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
      const refunds = (await refundsOfOrders(db, [order.id])).get(order.id) ?? [];
      return presentOrder(order, lines, refunds, lang, await getSettings(db));
    },
    creditNote: async (invoiceId, refundId) => {
      const shopper = await currentUser();
      if (
        !shopper ||
        !orderIdParams.safeParse({ invoiceId }).success ||
        !uuidParam.safeParse(refundId).success
      )
        return null;
      const note = await shopperCreditNote(db, shopper.userId, invoiceId, refundId, lang);
      return typeof note === 'object' ? note.value : null;
    },
    orderWithPayment: async (invoiceId) => {
      const order = await ownOrder(invoiceId);
      return order && orderWithPayment(app, order, lang);
    },
    addresses: async () => {
      const shopper = await currentUser();
      return shopper ? (await listAddresses(db, shopper.userId)).map(toAddressAnswer) : null;
    },
    address: async (id) => {
      const shopper = await currentUser();
      if (!shopper || !uuidParam.safeParse(id).success) return null;
      const row = await unlessNotFound(findAddress(db, id), null);
      return row && row.userId === shopper.userId ? toAddressAnswer(row) : null;
    },
  });

  return (lang) => {
    let data = byLang.get(lang);
    if (!data) byLang.set(lang, (data = build(lang)));
    return data;
  };
}
