import { discountKinds, type AdminDiscountCode } from '@shop/contract';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../components/ui/text-field.tsx';
import { useActionForm } from '../../lib/form-answer.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Field } from '../dashboard-catalog/components/product-form.tsx';
import { riyadhLocal } from '../dashboard-catalog/intents.ts';
import { ScopeFields, type TermsFormProps } from './scope-fields.tsx';

/**
 * A discount code's terms, for the owner: the code, what it takes off, from when to when (Riyadh
 * time), what it covers, and its limits. One form to the page's action (without JavaScript too).
 * Staff see the same fields read-only.
 */
export function DiscountCodeForm({
  code,
  serverAnswer,
  ...offered
}: TermsFormProps & { code: AdminDiscountCode | null }) {
  const { readOnly } = offered;
  const { t } = useTranslation('dashboard-discounts');
  const { Form, formRef, busy, errorFor } = useActionForm({ serverAnswer });
  return (
    <Form method="post" ref={formRef} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-lg font-bold">{t('form.terms')}</legend>
        <TextField
          label={t('form.code')}
          hint={t('form.codeHint')}
          name="code"
          dir="ltr"
          required
          autoComplete="off"
          defaultValue={code?.code}
          error={errorFor('code')}
        />
        <Field label={t('form.kind')} error={errorFor('kind')}>
          {(id) => (
            <select id={id} name="kind" defaultValue={code?.kind ?? 'percent'} className={inputClass}>
              {discountKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('form.value')}
          hint={t('form.valueHint')}
          name="value"
          inputMode="decimal"
          dir="ltr"
          defaultValue={code && code.kind !== 'free_shipping' ? String(code.value) : ''}
          error={errorFor('value')}
        />
        <TextField
          label={t('form.minSubtotal')}
          name="minSubtotal"
          inputMode="decimal"
          dir="ltr"
          defaultValue={code?.minSubtotal ?? ''}
          error={errorFor('minSubtotal')}
        />
        <TextField
          label={t('form.startsAt')}
          name="startsAt"
          type="datetime-local"
          dir="ltr"
          defaultValue={riyadhLocal(code?.startsAt ?? null)}
          error={errorFor('startsAt')}
        />
        <TextField
          label={t('form.endsAt')}
          hint={t('form.datesHint')}
          name="endsAt"
          type="datetime-local"
          dir="ltr"
          defaultValue={riyadhLocal(code?.endsAt ?? null)}
          error={errorFor('endsAt')}
        />
      </fieldset>

      <ScopeFields chosen={code} {...offered} errorFor={errorFor} wholeLabel={t('scope.order')} />

      <fieldset disabled={readOnly} className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-lg font-bold">{t('form.limits')}</legend>
        <TextField
          label={t('form.usageLimit')}
          name="usageLimit"
          inputMode="numeric"
          dir="ltr"
          defaultValue={code?.usageLimit ?? ''}
          error={errorFor('usageLimit')}
        />
        <TextField
          label={t('form.perCustomerLimit')}
          name="perCustomerLimit"
          inputMode="numeric"
          dir="ltr"
          defaultValue={code?.perCustomerLimit ?? ''}
          error={errorFor('perCustomerLimit')}
        />
        <div className="flex flex-col justify-end gap-1">
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="firstOrderOnly"
              defaultChecked={code?.firstOrderOnly}
              className="size-5 accent-primary"
            />
            <span>{t('form.firstOrderOnly')}</span>
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="enabled"
              defaultChecked={code?.enabled ?? true}
              className="size-5 accent-primary"
            />
            <span>{t('form.enabled')}</span>
          </label>
        </div>
      </fieldset>
      {!readOnly && (
        <div>
          <SubmitButton busy={busy}>{t('form.save')}</SubmitButton>
        </div>
      )}
    </Form>
  );
}
