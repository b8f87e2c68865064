import { redirect } from 'react-router';
import type { Route } from './+types/dashboard-sign-out';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';

/**
 * The header's sign-out form posts here: the shop ends this session and clears the
 * `staff_session` cookie (passed on with the redirect); then the sign-in page. A session that
 * had already ended lands there too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const result = await context.backOffice(lang).account.signOut();
  const headers = new Headers();
  for (const cookie of (result.ok && result.cookies) || []) headers.append('set-cookie', cookie);
  return redirect(localizePath('/dashboard/login', lang), { headers });
}

/** A GET (someone typed the address) signs nobody out. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath('/dashboard', requestLang(request)));
}
