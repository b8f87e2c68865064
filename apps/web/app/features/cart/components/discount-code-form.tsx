import type { CartDiscount } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { CART_INTENT } from '../intents.ts';

/**
 * The cart's discount code: a field to apply one, or the one applied with a button to take it
 * off, and why it does not apply when the cart no longer qualifies. Both are forms to the cart's
 * action, so they work before hydration and without JavaScript.
 */
export function DiscountCodeForm({
  discount,
  serverAnswer,
}: {
  discount: CartDiscount | undefined;
  serverAnswer: FormAnswer | undefined;
}) {
  const { t } = useTranslation('cart');
  const { localize } = useLang();
  const apply = useActionForm<FormAnswer>({ serverAnswer });
  const remove = useActionForm<FormAnswer>();
  if (discount)
    return (
      <div className="flex flex-col gap-2 rounded-xl bg-surface p-3 text-sm" data-testid="cart-code">
        <div className="flex items-center justify-between gap-3">
          <p>
            {t('codeApplied')} <bdi className="font-mono font-bold">{discount.code}</bdi>
          </p>
          <remove.Form method="post" action={localize('/cart')} ref={remove.formRef}>
            <input type="hidden" name="intent" value={CART_INTENT.removeCode} />
            <button
              type="submit"
              disabled={remove.busy}
              aria-busy={remove.busy}
              className="inline-flex h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-semibold hover:border-sale hover:text-sale disabled:cursor-wait"
            >
              {t('removeCode')}
            </button>
          </remove.Form>
        </div>
        {!discount.valid && discount.error && (
          <p role="alert" className="text-sale">
            {discount.error}
          </p>
        )}
      </div>
    );
  return (
    <apply.Form
      method="post"
      action={localize('/cart')}
      ref={apply.formRef}
      className="flex items-start gap-2"
    >
      <input type="hidden" name="intent" value={CART_INTENT.applyCode} />
      <div className="min-w-0 flex-1">
        <TextField
          id="discount-code"
          label={t('codeLabel')}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          error={apply.errorFor('code')}
        />
      </div>
      {/* Level with the input, below the field's label. */}
      <div className="pt-7">
        <SubmitButton busy={apply.busy} className="px-5">
          {t('applyCode')}
        </SubmitButton>
      </div>
    </apply.Form>
  );
}
