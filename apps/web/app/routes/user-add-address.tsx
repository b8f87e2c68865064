import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/user-add-address';
import { AddressPage } from '../features/addresses/components/address-page.tsx';
import { saveAddress } from '../features/addresses/save-address.server.ts';
import { requireUser } from '../features/auth/session.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

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

/** The address form's action for a new address (also posted to from the cart's dialog). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  return saveAddress(request, context);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function AddAddressPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  return <AddressPage title={t('addresses.addTitle')} tileUrl={loaderData.tileUrl} />;
}
