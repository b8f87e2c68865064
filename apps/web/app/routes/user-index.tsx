import { redirect } from 'react-router';
import type { Route } from './+types/user-index';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';

/** The account area opens on its default tab, the orders. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath('/user/allorders', requestLang(request)));
}
