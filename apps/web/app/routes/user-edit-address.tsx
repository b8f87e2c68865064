import { useTranslation } from '../lib/use-translation.ts';
import { data, useNavigate } from 'react-router';
import type { Route } from './+types/user-edit-address';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { AddressForm } from '../features/addresses/components/address-form.tsx';
import { ADDRESS_SAVED_REDIRECT_MS } from '../features/addresses/timings.ts';
import { requireUser } from '../features/auth/session.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { useRootData } from '../lib/root-data.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, address] = await Promise.all([serverT(requestLang(request)), store.address(params.id)]);
  // Not found, not ours or not an id: the same not-found page.
  if (!address) throw data(null, { status: 404 });
  return {
    seo: {
      title: t('account:addresses.editTitle'),
      description: t('account:addresses.description'),
      path: `/user/edit-address/${address._id}`,
      noindex: true,
    },
    address,
    tileUrl: context.mapTileUrl,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function EditAddressPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const navigate = useNavigate();
  const showDetails = useRootData()?.settings.showAddressDetails ?? false;
  return (
    <>
      <PageHeader title={t('addresses.editTitle')} />
      <div className="max-w-2xl">
        <AddressForm
          key={loaderData.address._id}
          address={loaderData.address}
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
