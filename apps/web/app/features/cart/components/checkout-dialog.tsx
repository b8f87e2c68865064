import { deliverableTo, type Address } from '@shop/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import type { DialogLink } from '../../../lib/dialog-link.ts';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { CART_INTENT } from '../intents.ts';

/** The checkout dialog's name in the cart's address (`/cart?dialog=checkout`). */
export const CHECKOUT_DIALOG = 'checkout';

/** The cart action's answer to Confirm order: the address it was about, when it was refused. */
export type CheckoutAnswer = FormAnswer & { addressId?: string };

/**
 * Confirm order: choose a saved address (or add one), then Next posts the choice to the cart
 * page's action, which places the order from the cart and goes to its payment page. Adding is
 * a disclosure under the list (`<details>`, so it opens without JavaScript too); the page
 * passes the address forms in (features do not import each other). The dialog is opened by its
 * address (`useDialogLink`), so the server can send it open.
 *
 * When the shop asks for the national address, an address without its short address (saved
 * before it was asked for) is marked, and once chosen (or refused by the action, without
 * JavaScript) the dialog shows the form that completes it.
 */
export function CheckoutDialog({
  dialog,
  addresses,
  nationalRequired,
  renderAddForm,
  renderCompleteForm,
  serverAnswer,
}: {
  dialog: DialogLink;
  /** The cart action's answer to a checkout posted without JavaScript (the address missing). */
  serverAnswer?: CheckoutAnswer | undefined;
  addresses: readonly Address[];
  /** The shop's `nationalAddressRequired` setting. */
  nationalRequired: boolean;
  /** The add-address form; it calls `onSaved` with the new address. */
  renderAddForm: (onSaved: (address: Address) => void) => ReactNode;
  /** The form that edits `address`, to complete its national address. */
  renderCompleteForm: (address: Address) => ReactNode;
}) {
  const { t } = useTranslation('cart');
  const { t: tc } = useTranslation('common');
  const { localize } = useLang();
  const id = useId();
  const { Form, formRef, busy, answer, errorFor } = useActionForm<CheckoutAnswer>({ serverAnswer });
  const refused = serverAnswer?.addressId;
  const [chosen, setChosen] = useState<string | undefined>(
    addresses.some((address) => address._id === refused) ? refused : addresses[0]?._id,
  );
  const chosenAddress = addresses.find((address) => address._id === chosen);
  const toComplete =
    chosenAddress && !deliverableTo(chosenAddress, nationalRequired) ? chosenAddress : undefined;
  const [adding, setAdding] = useState(addresses.length === 0);

  // A freshly added address arrives with the reloaded list: keep the choice valid.
  useEffect(() => {
    if (!addresses.some((address) => address._id === chosen)) setChosen(addresses[0]?._id);
  }, [addresses, chosen]);

  const addForm = renderAddForm((address) => {
    setChosen(address._id);
    setAdding(false);
  });

  return (
    <Modal link={dialog} title={t('addressTitle')} description={t('addressLead')} size="lg">
      {/* The add form keeps its place whether or not there are addresses yet: its answer (the
          toast, the new address chosen) arrives with the list that now has one. */}
      <div className="flex flex-col gap-5">
        {addresses.length === 0 ? (
          <p className="text-sm text-muted">{t('noAddresses')}</p>
        ) : (
          <Form
            ref={formRef}
            id={`${id}-checkout`}
            method="post"
            action={dialog.actionFor(localize('/cart'))}
            className="flex flex-col gap-5"
          >
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
                    {address.shortAddress ? (
                      <span className="text-sm text-muted">
                        {tc('nationalAddress.shortAddress')}:{' '}
                        <bdi dir="ltr" className="font-mono">
                          {address.shortAddress}
                        </bdi>
                      </span>
                    ) : (
                      !deliverableTo(address, nationalRequired) && (
                        <span className="text-sm font-semibold text-amber-800">{t('needsNational')}</span>
                      )
                    )}
                    {address.mobile && (
                      <span className="text-sm text-muted" dir="ltr">
                        {address.mobile}
                      </span>
                    )}
                  </span>
                </label>
              ))}
              {errorFor('addressId') && (
                <p role="alert" className="text-sm text-sale">
                  {errorFor('addressId')}
                </p>
              )}
            </fieldset>
          </Form>
        )}
        {/* Its own form (forms do not nest), between the choice and Next: the note and Next
            belong to the checkout's form by its id. */}
        {toComplete && (
          <section
            aria-labelledby={`${id}-complete`}
            className="flex flex-col gap-3 rounded-xl border border-amber-300 p-4"
          >
            <h3 id={`${id}-complete`} className="font-semibold">
              {t('completeTitle')}: <bdi>{toComplete.name}</bdi>
            </h3>
            <p className="text-sm text-muted">{t('completeLead')}</p>
            <div key={toComplete._id}>{renderCompleteForm(toComplete)}</div>
          </section>
        )}
        {addresses.length > 0 && (
          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-note`} className="text-sm font-semibold">
                {t('note')}
              </label>
              <textarea
                id={`${id}-note`}
                form={`${id}-checkout`}
                name="note"
                maxLength={500}
                rows={2}
                className="w-full rounded-xl border border-line px-4 py-3 outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
              />
            </div>
            {answer?.error && !answer.error.field && (
              <p role="alert" className="text-sm text-sale">
                {answer.error.message}
              </p>
            )}
            <SubmitButton busy={busy} form={`${id}-checkout`} className="px-8 sm:self-end">
              {t('next')}
            </SubmitButton>
          </div>
        )}
        <details
          open={adding || addresses.length === 0}
          onToggle={(event) => setAdding(event.currentTarget.open)}
          className="rounded-xl border border-line"
        >
          <summary className="flex cursor-pointer items-center gap-1 px-4 py-3 text-sm font-semibold text-primary hover:underline">
            <Icon name="plus" className="size-4" />
            {t('addAddress')}
          </summary>
          <div className="border-t border-line p-4">{addForm}</div>
        </details>
      </div>
    </Modal>
  );
}
