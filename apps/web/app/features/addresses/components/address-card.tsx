import type { Address } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';

/** One address of the book: name, text, mobile, Modify and delete. */
export function AddressCard({ address, onDelete }: { address: Address; onDelete: () => void }) {
  const { t } = useTranslation('account');
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
          message={t('addresses.deleteConfirm')}
          confirmLabel={t('addresses.delete')}
          onConfirm={onDelete}
          trigger={
            <button
              type="button"
              aria-label={t('addresses.deleteLabel', { name: address.name })}
              className="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold text-sale hover:bg-red-50"
            >
              <Icon name="trash" className="size-4" />
              {t('addresses.delete')}
            </button>
          }
        />
      </div>
    </article>
  );
}
