import type { ReactNode } from 'react';
import { ToastHost } from '../../../components/ui/toast-host.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DashboardHeader } from './dashboard-header.tsx';

/**
 * The frame of the pages a member sees before signing in (sign-in, set-password): the back
 * office's header without navigation, and a centred card.
 */
export function SignedOutFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const root = useRootData();
  return (
    <div className="min-h-screen bg-surface">
      <title>{`${title} · ${t('backOffice')}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <DashboardHeader shopName={root?.settings.sellerName ?? t('backOffice')} me={undefined} />
      <main id="main" className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          {lead ? <p className="mt-2 text-sm text-muted">{lead}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <ToastHost lang={lang} />
    </div>
  );
}
