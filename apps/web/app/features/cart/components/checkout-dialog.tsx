import type { Address } from '@shop/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { CART_INTENT } from '../intents.ts';

/**
 * Confirm order: choose a saved address or add one, then Next posts the choice to the cart
 * page's action, which places the order from the cart and goes to its payment page. Adding
 * happens in place; the page passes the address form in (features do not import each other).
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  addresses,
  renderAddForm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  addresses: readonly Address[];
  /** The add-address form; it calls `onSaved` with the new address. */
  renderAddForm: (onSaved: (address: Address) => void) => ReactNode;
}) {
  const { t } = useTranslation('cart');
  const { localize } = useLang();
  const id = useId();
  const { Form, formRef, busy } = useActionForm();
  const [chosen, setChosen] = useState<string | undefined>(addresses[0]?._id);
  const [adding, setAdding] = useState(addresses.length === 0);
  const [note, setNote] = useState('');

  // A freshly added address arrives with the reloaded list: keep the choice valid.
  useEffect(() => {
    if (!addresses.some((address) => address._id === chosen)) setChosen(addresses[0]?._id);
  }, [addresses, chosen]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('addressTitle')}
      description={t('addressLead')}
      size="lg"
    >
      {adding ? (
        <div className="flex flex-col gap-4">
          {addresses.length > 0 && (
            <button
              type="button"
              onClick={() => setAdding(false)}
              className="w-fit text-sm font-semibold text-primary hover:underline"
            >
              {t('backToList')}
            </button>
          )}
          {addresses.length === 0 && <p className="text-sm text-muted">{t('noAddresses')}</p>}
          {renderAddForm((address) => {
            setChosen(address._id);
            setAdding(false);
          })}
        </div>
      ) : (
        <Form ref={formRef} method="post" action={localize('/cart')} className="flex flex-col gap-5">
          <input type="hidden" name="intent" value={CART_INTENT.checkout} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold">{t('chooseAddress')}</legend>
            {addresses.map((address) => (
              <label
                key={address._id}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-4 has-[:checked]:border-primary has-[:checked]:bg-surface"
              >
                <input
                  type="radio"
                  name="addressId"
                  value={address._id}
                  checked={chosen === address._id}
                  onChange={() => setChosen(address._id)}
                  className="mt-1 size-4 accent-[var(--color-primary)]"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">{address.name}</span>
                  {address.address && <span className="text-sm text-muted">{address.address}</span>}
                  {address.mobile && (
                    <span className="text-sm text-muted" dir="ltr">
                      {address.mobile}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary hover:underline"
          >
            <Icon name="plus" className="size-4" />
            {t('addAddress')}
          </button>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-note`} className="text-sm font-semibold">
              {t('note')}
            </label>
            <textarea
              id={`${id}-note`}
              name="note"
              value={note}
              maxLength={500}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
              className="w-full rounded-xl border border-line px-4 py-3 outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
            />
          </div>
          <SubmitButton busy={busy} className="px-8 sm:self-end">
            {t('next')}
          </SubmitButton>
        </Form>
      )}
    </Modal>
  );
}
