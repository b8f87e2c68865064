import { apiPaths, cartSchema, userSchema, type StoreData, type User } from '@shop/contract';
import { redirect, type AppLoadContext } from 'react-router';
import { ApiRequestError, serverApi, type ApiClient } from '../../lib/api.ts';
import { readCookie } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import type { Shopper } from '../../lib/shopper.ts';
import { loginPathFor } from './redirect-target.ts';

/** The API's httpOnly session cookie (apps/api/src/lib/csrf.ts). Its value is never read here. */
const SESSION_COOKIE = 'session';

function hasSession(request: Request): boolean {
  return Boolean(readCookie(request.headers.get('cookie'), SESSION_COOKIE));
}

/** The signed-in user, or null for a visitor or an ended session. */
export async function fetchCurrentUser(request: Request, api: ApiClient): Promise<User | null> {
  // A visitor has no cookie: skip the call that would only answer 401.
  if (!hasSession(request)) return null;
  try {
    return await api.get(apiPaths.currentUser.build({}), userSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** What the header needs about the shopper: name, picture and the cart badge count (loaders). */
export async function shopperOf(store: StoreData): Promise<Shopper | null> {
  const [user, cartCount] = await Promise.all([store.currentUser(), store.cartCount().catch(() => null)]);
  if (!user) return null;
  return {
    userId: user.userId,
    userName: user.userName,
    userImage: user.userImage ?? undefined,
    cartCount: cartCount ?? 0,
  };
}

/** The same for actions, which still speak to the API. */
export async function loadShopper(request: Request, api: ApiClient): Promise<Shopper | null> {
  const user = await fetchCurrentUser(request, api);
  if (!user) return null;
  const cart = await api
    .get(apiPaths.cartByUser.build({ userId: user.userId }), cartSchema)
    .catch(() => null);
  return {
    userId: user.userId,
    userName: user.userName,
    userImage: user.userImage ?? undefined,
    cartCount: cart?.cartTotalNumberOfProduct ?? 0,
  };
}

/**
 * Account pages: the signed-in user, their store data (for loaders) and an API client (for
 * actions), or a redirect to the login page that comes back here afterwards.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: User; api: ApiClient; store: StoreData }> {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const user = await store.currentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`, lang));
  }
  return { user, api: serverApi(context, lang), store };
}
