import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';

/**
 * The user menu's logout form posts here: the shop ends the session and clears the cookie
 * (passed on with the redirect), then the shopper lands on the home page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const result = await context.storeData(lang).logOut();
  const headers = new Headers();
  for (const cookie of (result.ok && result.cookies) || []) headers.append('set-cookie', cookie);
  return redirect(localizePath('/', lang), { headers });
}

/** A GET (someone typed the address) logs nobody out: go home. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath('/', requestLang(request)));
}
