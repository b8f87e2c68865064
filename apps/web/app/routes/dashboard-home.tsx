import type { Route } from './+types/dashboard-home';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The back office's first page: a welcome for now. */
export async function loader(args: Route.LoaderArgs) {
  const { me } = await requireMember(args);
  return { name: me.staff.name };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('home.title')}>
      <section className="rounded-2xl border border-line bg-white p-6">
        <h2 className="text-xl font-semibold">{t('home.welcome', { name: loaderData.name })}</h2>
        <p className="mt-2 text-muted">{t('home.intro')}</p>
      </section>
    </DashboardPage>
  );
}
