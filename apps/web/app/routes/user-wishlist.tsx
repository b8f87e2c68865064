import { WISHLIST_MAX, wishlistItemParams, type ActionResult, type Ok } from '@shop/contract';
import { data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/user-wishlist';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { PageNotice, type Notice } from '../components/ui/page-notice.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { loginPathFor, safeRedirectTarget } from '../features/auth/redirect-target.ts';
import { VARIANT_PARAM } from '../features/catalog/variants.ts';
import { WishlistItemCard } from '../features/wishlist/components/wishlist-item.tsx';
import {
  BACK_FIELD,
  heartAnchor,
  WISH_STATE_HEADER,
  WISHLIST_PATH,
  wishlistIntents,
  type WishlistIntent,
} from '../features/wishlist/intents.ts';
import { keepPendingWish, takePendingWish } from '../features/wishlist/pending-wish.server.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { answerForm, isDocumentRequest, readForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath } from '../lib/lang.ts';
import { noticeCookie } from '../lib/notice.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The wishlist. A shopper who pressed a heart as a visitor arrives here once signed in, with
 * their choice kept in a cookie only this page receives: it is added now, and said so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const lang = requestLang(request);
  const pending = takePendingWish(request);
  const headers = new Headers();
  for (const cookie of pending.clear) headers.append('set-cookie', cookie);
  let notice: Notice | null = null;
  if (pending.wish) {
    const { productId, sku } = pending.wish;
    const added = await store.addToWishlist(productId, sku === undefined ? {} : { sku });
    notice = added.ok
      ? { kind: 'success', text: added.value.message }
      : { kind: 'error', text: added.error.message };
  }
  const [t, wishlist] = await Promise.all([serverT(lang), store.wishlist()]);
  return data(
    {
      seo: {
        title: t('account:wishlist.title'),
        description: t('account:wishlist.description'),
        path: WISHLIST_PATH,
        noindex: true,
      },
      wishlist: wishlist ?? { items: [], limit: WISHLIST_MAX },
      notice,
    },
    { headers },
  );
}

/**
 * The account layout's notice cookie and this page's pending-choice cookie, both cleared; after
 * a heart, the action's word on its new state.
 */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) merged.append('set-cookie', cookie);
  const state = actionHeaders.get(WISH_STATE_HEADER);
  if (state) merged.set(WISH_STATE_HEADER, state);
  return merged;
};

const intents = new Set<string>(Object.values(wishlistIntents));

/**
 * Every wishlist form of the shop: a heart (keep, let go) from any page, and this page's remove
 * and move to cart. A visitor is sent to sign in, their heart's product kept for afterwards. A
 * document post goes back where it came from (a heart's page, at that heart) with the answer
 * as its notice; the hydrated page gets the answer as data, and its loaders run again (the
 * hearts, the header's badge, this list).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const read = await readForm(request);
  const intent = read.values.intent ?? '';
  if (!intents.has(intent)) throw data(null, { status: 400 });
  const sku = read.values[VARIANT_PARAM] || undefined;
  const here = localizePath(WISHLIST_PATH, lang);
  const productId = wishlistItemParams.safeParse({ productId: read.values.productId }).data?.productId;
  const heart = Boolean(read.values[BACK_FIELD]);
  const back = heart
    ? `${safeRedirectTarget(read.values[BACK_FIELD], lang)}#${heartAnchor(productId ?? 0)}`
    : here;

  if (!(await store.currentUser())) {
    const headers = new Headers();
    if (intent === wishlistIntents.wish && productId !== undefined)
      for (const cookie of keepPendingWish({ productId, ...(sku !== undefined && { sku }) }))
        headers.append('set-cookie', cookie);
    const login = loginPathFor(here, lang);
    if (isDocumentRequest(request)) return redirect(login, { headers });
    const t = await serverT(lang);
    return data({ done: t('catalog:wish.signIn'), redirectTo: login }, { headers });
  }

  const result = await submitAction(
    request,
    {
      schema: wishlistItemParams,
      run: (input) => change(intent as WishlistIntent, input.productId),
    },
    read,
  );
  function change(to: WishlistIntent, id: number): Promise<ActionResult<Ok>> {
    if (to === wishlistIntents.wish) return store.addToWishlist(id, sku === undefined ? {} : { sku });
    if (to === wishlistIntents.move) return store.moveWishToCart(id);
    return store.removeFromWishlist(id);
  }
  if (isDocumentRequest(request) && (!result.ok || heart)) {
    // Posted without JavaScript from a heart: back to its page at that heart, whose filled or
    // empty state is the answer (listings show no notices). A refusal is shown on the page the
    // form was on, wherever it was.
    const headers = new Headers(result.ok ? result.headers : undefined);
    if (!result.ok) headers.append('set-cookie', noticeCookie({ kind: 'error', text: result.error.message }));
    return redirect(back, { headers });
  }
  if (result.ok && heart) {
    // The heart's new state, for a page that is not hydrated (its script turns the heart over).
    const state = intent === wishlistIntents.wish ? 'wished' : 'unwished';
    result.headers.set(WISH_STATE_HEADER, state);
  }
  return answerForm(request, result, { back });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { wishlist, notice } = loaderData;
  // One form state for the page: the toast of a removal outlives the item it removed.
  const { Form } = useActionForm({ serverAnswer: useActionData<typeof action>() });
  return (
    <>
      {notice && <PageNotice notice={notice} />}
      <PageHeader
        title={t('wishlist.title')}
        action={
          wishlist.items.length > 0 && (
            <p className="text-sm text-muted">
              {t('wishlist.count', { shown: wishlist.items.length, limit: wishlist.limit })}
            </p>
          )
        }
      />
      {wishlist.items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-surface p-8 text-center">
          <p className="text-muted">{t('wishlist.empty')}</p>
          <ShopLink
            to="/products"
            className="inline-flex h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-ink hover:bg-primary-strong"
          >
            {t('wishlist.browse')}
          </ShopLink>
        </div>
      ) : (
        <ul aria-label={t('wishlist.title')} className="grid gap-4 md:grid-cols-2">
          {wishlist.items.map((item) => (
            <li key={item.productId}>
              <WishlistItemCard item={item} Form={Form} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
