import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { ErrorPage } from '../components/ui/error-page.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { pageLang } from '../lib/lang.ts';
import { useLang } from '../lib/use-lang.ts';

/** Any other path: the not-found page, answered with HTTP 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = pageLang(new URL(request.url).pathname);
  const t = await serverT(lang);
  return data({ title: t('notFound.title') }, { status: 404 });
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const { localize } = useLang();
  return (
    <div className="mx-auto max-w-3xl px-4">
      <ErrorPage status={404} homeHref={localize('/')} />
    </div>
  );
}
