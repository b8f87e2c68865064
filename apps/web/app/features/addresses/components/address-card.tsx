import { deliverableTo, type Address } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useRootData } from '../../../lib/root-data.ts';

/** The page's form for the deletion (`useActionForm().Form`): the page shows its answer. */
type ActionForm = ReturnType<typeof useActionForm>['Form'];

/**
 * One address of the book: name, text, short address, mobile, Modify and delete (asked first).
 * An address without the short address the shop asks for says so: it is completed before an
 * order goes to it.
 */
export function AddressCard({ address, Form }: { address: Address; Form: ActionForm }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const { localize } = useLang();
  const required = useRootData()?.settings.nationalAddressRequired ?? true;
  const street = [address.buildingNumber, address.street].filter(Boolean).join(' ');
  const place = [address.address, address.closeSign, street, address.district, address.zone, address.city]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-line p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon name="pin" className="size-5 shrink-0 text-primary" />
        <span className="min-w-0 break-words">{address.name}</span>
      </h2>
      {place && <p className="text-sm break-words text-muted">{place}</p>}
      {address.shortAddress ? (
        <p className="text-sm">
          <span className="text-muted">{tc('nationalAddress.shortAddress')}: </span>
          <bdi dir="ltr" className="font-mono font-semibold">
            {address.shortAddress}
          </bdi>
          {address.postalCode && (
            <>
              {' · '}
              <bdi dir="ltr" className="font-mono">
                {address.postalCode}
              </bdi>
            </>
          )}
        </p>
      ) : (
        !deliverableTo(address, required) && (
          <p className="self-start rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900">
            {t('addresses.nationalMissing')}
          </p>
        )
      )}
      {address.mobile && (
        <p className="text-sm">
          <span className="text-muted">{t('addresses.mobile')}: </span>
          <span dir="ltr">{address.mobile}</span>
        </p>
      )}
      <div className="mt-auto flex items-center gap-2 pt-2">
        <ShopLink
          to={`/user/edit-address/${address._id}`}
          aria-label={t('addresses.modifyLabel', { name: address.name })}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:border-primary"
        >
          <Icon name="edit" className="size-4" />
          {t('addresses.modify')}
        </ShopLink>
        <ConfirmDialog
          name={`delete-${address._id}`}
          message={t('addresses.deleteConfirm')}
          confirmLabel={t('addresses.delete')}
          triggerLabel={t('addresses.deleteLabel', { name: address.name })}
          triggerClassName="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold text-sale hover:bg-red-50"
          trigger={
            <>
              <Icon name="trash" className="size-4" />
              {t('addresses.delete')}
            </>
          }
          form={(confirm, action) => (
            <Form method="post" action={action(localize('/user/addresses'))}>
              <input type="hidden" name="id" value={address._id} />
              {confirm}
            </Form>
          )}
        />
      </div>
    </article>
  );
}
