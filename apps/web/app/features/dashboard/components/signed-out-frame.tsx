import type { ReactNode } from 'react';
import { ToastHost } from '../../../components/ui/toast-host.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';
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
      <AuthCard main title={title} lead={lead}>
        {children}
      </AuthCard>
      <ToastHost lang={lang} />
    </div>
  );
}
