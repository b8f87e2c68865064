import type { Address } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';

/** The page's form for the deletion (`useActionForm().Form`): the page shows its answer. */
type ActionForm = ReturnType<typeof useActionForm>['Form'];

/** One address of the book: name, text, mobile, Modify and delete (asked first). */
export function AddressCard({ address, Form }: { address: Address; Form: ActionForm }) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const place = [address.address, address.closeSign, address.zone, address.city].filter(Boolean).join(' · ');
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-line p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon name="pin" className="size-5 shrink-0 text-primary" />
        <span className="min-w-0 break-words">{address.name}</span>
      </h2>
      {place && <p className="text-sm break-words text-muted">{place}</p>}
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
