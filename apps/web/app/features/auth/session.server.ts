import type { StoreData, User } from '@shop/contract';
import { redirect, type AppLoadContext } from 'react-router';
import { serverApi, type ApiClient } from '../../lib/api.ts';
import { requestLang } from '../../lib/route-lang.ts';
import type { Shopper } from '../../lib/shopper.ts';
import { loginPathFor } from './redirect-target.ts';

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
