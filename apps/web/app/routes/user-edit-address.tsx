import { useTranslation } from '../lib/use-translation.ts';
import { data } from 'react-router';
import type { Route } from './+types/user-edit-address';
import { AddressPage } from '../features/addresses/components/address-page.tsx';
import { saveAddress } from '../features/addresses/save-address.server.ts';
import { requireUser } from '../features/auth/session.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

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

/** The address form's action for this address: the same shape as adding one. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  return saveAddress(request, context, params.id);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function EditAddressPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  return (
    <AddressPage title={t('addresses.editTitle')} address={loaderData.address} tileUrl={loaderData.tileUrl} />
  );
}
