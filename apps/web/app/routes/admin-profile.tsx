import { redirect } from 'react-router';
import type { Route } from './+types/admin-profile';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';

/** /admin/profile is only a navigation target; there is no admin screen (docs/requirements/screens.md). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath('/user/profile', requestLang(request)), 301);
}
