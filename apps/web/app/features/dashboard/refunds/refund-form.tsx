import type { OrderRefunds } from '@shop/contract';
import { Form, useActionData } from 'react-router';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { CONFIRM_FIELD, CONFIRM_KEY_FIELD } from '../confirm.ts';
import { formatNumber, formatPrice } from '../format.ts';
import { REFUND_CONFIRM_KEY, type RefundAnswerData } from './refund-form.ts';

/** The toast is read before the page loads again with the refund in its list and a new key. */
const AFTER_REFUND_RELOAD_MS = 1500;

/**
 * The refund form: amount (prefilled with what is left), reason and units to put back per
 * line. It posts to the page's action, which asks to confirm (the shared ConfirmAction, in
 * its asking state, carrying the posted refund); "yes" makes the refund.
 */
export function RefundForm({ order, idempotencyKey }: { order: OrderRefunds; idempotencyKey: string }) {
  const { t } = useTranslation('dashboard-refunds');
  const { lang } = useLang();
  const posted = useActionData() as RefundAnswerData | undefined;
  const review = posted?.review;
  const error = posted?.error;
  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  const generalError = error && !['amount', 'reason'].includes(error.field ?? '') ? error.message : undefined;
  const value = (name: string, fallback: string) => review?.[name] ?? fallback;
  const units = review
    ? Object.entries(review)
        .filter(([name, v]) => name.startsWith('return-') && Number(v) > 0)
        .reduce((sum, [, v]) => sum + Number(v), 0)
    : 0;
  const amount = review ? formatPrice(Number(review.amount), lang) : '';

  return (
    <section
      aria-labelledby="refund-form-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id="refund-form-title" className="text-lg font-bold">
        {t('form.title')}
      </h2>
      {generalError && (
        <p role="alert" className="rounded-xl border border-sale bg-red-50 p-3 text-sm font-medium text-sale">
          {generalError}
        </p>
      )}
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-4"
        key={review?.idempotencyKey ?? idempotencyKey}
      >
        <input type="hidden" name="idempotencyKey" value={review?.idempotencyKey ?? idempotencyKey} />
        <input type="hidden" name={CONFIRM_FIELD} value="0" />
        <input type="hidden" name={CONFIRM_KEY_FIELD} value={REFUND_CONFIRM_KEY} />
        <TextField
          label={t('form.amount')}
          name="amount"
          inputMode="decimal"
          dir="ltr"
          defaultValue={value('amount', order.refundable.toFixed(2))}
          hint={t('form.amountHint', { max: formatPrice(order.refundable, lang) })}
          error={errorFor('amount')}
          required
        />
        <TextField
          label={t('form.reason')}
          name="reason"
          maxLength={500}
          defaultValue={value('reason', '')}
          hint={t('form.reasonHint')}
          error={errorFor('reason')}
          required
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold">{t('form.returnTitle')}</legend>
          <p className="text-xs text-muted">{t('form.returnHint')}</p>
          {order.lines.map((line) => {
            const max = line.quantity - line.returned;
            const id = `return-${line.id}`;
            return (
              <div key={line.id} className="flex flex-wrap items-center justify-between gap-3">
                <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                  {t('form.returnLine', { name: line.productName, max: formatNumber(max, lang) })}
                  <span className="block text-xs text-muted">
                    {t('form.ordered', {
                      quantity: formatNumber(line.quantity, lang),
                      returned: formatNumber(line.returned, lang),
                    })}
                    {' · '}
                    {t('form.linePaid', { amount: formatPrice(line.paid, lang) })}
                  </span>
                </label>
                <input
                  id={id}
                  name={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={max}
                  step={1}
                  disabled={max === 0}
                  defaultValue={value(id, '0')}
                  className={`${inputClass} w-24`}
                />
              </div>
            );
          })}
        </fieldset>
        <button
          type="submit"
          className="inline-flex h-12 items-center justify-center self-start rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong"
        >
          {t('form.submit')}
        </button>
      </Form>
      {review && (
        // Asking (the form was just posted), or after a refused try: the same refund again, same key.
        <ConfirmAction
          confirmKey={REFUND_CONFIRM_KEY}
          fields={review}
          label={t('form.retry')}
          question={
            units > 0
              ? t('form.questionWithStock', {
                  amount,
                  number: order.number,
                  units: formatNumber(units, lang),
                })
              : t('form.question', { amount, number: order.number })
          }
          confirmLabel={t('form.confirm')}
          redirectAfterMs={AFTER_REFUND_RELOAD_MS}
        />
      )}
    </section>
  );
}
