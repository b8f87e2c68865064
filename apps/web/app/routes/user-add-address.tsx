import { useTranslation } from '../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import type { Route } from './+types/user-add-address';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { AddressForm } from '../features/addresses/components/address-form.tsx';
import { ADDRESS_SAVED_REDIRECT_MS } from '../features/addresses/timings.ts';
import { requireUser } from '../features/auth/session.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { useRootData } from '../lib/root-data.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const t = await serverT(requestLang(request));
  return {
    seo: {
      title: t('account:addresses.addTitle'),
      description: t('account:addresses.description'),
      path: '/user/add-address',
      noindex: true,
    },
    tileUrl: context.mapTileUrl,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function AddAddressPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const navigate = useNavigate();
  const showDetails = useRootData()?.settings.showAddressDetails ?? false;
  return (
    <>
      <PageHeader title={t('addresses.addTitle')} />
      <div className="max-w-2xl">
        <AddressForm
          showDetails={showDetails}
          tileUrl={loaderData.tileUrl}
          onSaved={() =>
            window.setTimeout(() => void navigate(localize('/user/addresses')), ADDRESS_SAVED_REDIRECT_MS)
          }
        />
      </div>
    </>
  );
}
