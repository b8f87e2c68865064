import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/user-addresses';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { AddressCard } from '../features/addresses/components/address-card.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { addressIdParams } from '@shop/contract';
import { useActionData } from 'react-router';
import { localizePath } from '../lib/lang.ts';

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

/** Deletes one of the shopper's addresses; the list is then read again (every action reloads it). */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireUser(request, context);
  const back = localizePath('/user/addresses', requestLang(request));
  const result = await submitAction(request, {
    schema: addressIdParams,
    run: (input) => store.deleteAddress(input.id),
  });
  return answerForm(request, result, { back });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  // One form state for the page: the toast of a deletion outlives the card it removed.
  const { Form } = useActionForm({ serverAnswer: useActionData<typeof action>() });
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
              <AddressCard address={address} Form={Form} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
