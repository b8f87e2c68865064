import { apiPaths } from '@shop/contract/constants';
import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { serverApi } from '../lib/api.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';

/**
 * The user menu's logout form posts here: the API ends the session and clears the cookie (its
 * Set-Cookie is passed on), then the shopper lands on the home page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const answer = await serverApi(context, lang).raw('POST', apiPaths.logout.build({}));
  const headers = new Headers();
  for (const cookie of answer.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(localizePath('/', lang), { headers });
}

/** A GET (someone typed the address) logs nobody out: go home. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath('/', requestLang(request)));
}
