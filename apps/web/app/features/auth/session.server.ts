import type { ActionResult, StoreData, User } from '@shop/contract';
import { redirect, type AppLoadContext } from 'react-router';
import { requestLang } from '../../lib/route-lang.ts';
import type { Shopper } from '../../lib/shopper.ts';
import { loginPathFor } from './redirect-target.ts';

/**
 * What the header and the hearts need about the shopper: name, picture, the cart badge count and
 * the wished products, the last two in one read (loaders).
 */
export async function shopperOf(store: StoreData): Promise<Shopper | null> {
  const [user, marks] = await Promise.all([store.currentUser(), store.shopperMarks().catch(() => null)]);
  if (!user) return null;
  return {
    userId: user.userId,
    userName: user.userName,
    userImage: user.userImage ?? undefined,
    cartCount: marks?.cartCount ?? 0,
    wished: marks?.wished ?? [],
  };
}

/**
 * Account pages: the signed-in user (the load context's current user) and their store data, for
 * loaders and actions alike, or a redirect to the login page that comes back here afterwards.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: User; store: StoreData }> {
  const store = context.storeData(requestLang(request));
  const user = await store.currentUser();
  if (!user) throw toLogin(request);
  return { user, store };
}

/** The login page, coming back to this page (with its query) afterwards. */
function toLogin(request: Request) {
  const url = new URL(request.url);
  return redirect(loginPathFor(`${url.pathname}${url.search}`, requestLang(request)));
}

/**
 * A change of the signed-in shopper's own account as the shop answered it; a shopper who is not
 * signed in (any more) goes to log in instead, coming back here afterwards.
 */
export function signedInOrLogin<T>(request: Request, result: ActionResult<T>): ActionResult<T> {
  if (!result.ok && result.status === 401) throw toLogin(request);
  return result;
}
