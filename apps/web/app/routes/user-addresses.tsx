import { useTranslation } from '../lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/user-addresses';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { deleteAddress } from '../features/addresses/api.ts';
import { AddressCard } from '../features/addresses/components/address-card.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { browserApi } from '../lib/api.ts';
import { apiFormError } from '../lib/form-errors.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { notify } from '../lib/toast.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, addresses] = await Promise.all([
    serverT(requestLang(request)),
    store.addresses().then((list) => list ?? []),
  ]);
  return {
    seo: {
      title: t('account:addresses.title'),
      description: t('account:addresses.description'),
      path: '/user/addresses',
      noindex: true,
    },
    addresses,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const revalidator = useRevalidator();
  const remove = async (id: string) => {
    try {
      const answer = await deleteAddress(browserApi(lang), id);
      notify.success(answer.message);
    } catch (error) {
      notify.error(apiFormError(error, lang).message);
    }
    // Spec §2: the list reloads afterwards.
    await revalidator.revalidate();
  };
  return (
    <>
      <PageHeader
        title={t('addresses.title')}
        action={
          <ShopLink
            to="/user/add-address"
            className="inline-flex h-11 items-center gap-2 rounded-full bg-primary px-5 font-semibold text-primary-ink hover:bg-primary-strong"
          >
            <Icon name="plus" />
            {t('addresses.add')}
          </ShopLink>
        }
      />
      {loaderData.addresses.length === 0 ? (
        <p className="rounded-2xl bg-surface p-8 text-center text-muted">{t('addresses.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {loaderData.addresses.map((address) => (
            <li key={address._id}>
              <AddressCard address={address} onDelete={() => void remove(address._id)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
