import { promotionKinds, type AdminPromotion } from '@shop/contract';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../components/ui/text-field.tsx';
import { useActionForm } from '../../lib/form-answer.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Field } from '../dashboard-catalog/components/product-form.tsx';
import { riyadhLocal } from '../dashboard-catalog/intents.ts';
import { ScopeFields, type TermsFormProps } from './scope-fields.tsx';

/**
 * An automatic promotion's terms, for the owner: its names, what it takes off each unit, from
 * when to when (Riyadh time), what it covers, and whether a discount code may be added to it.
 * One form to the page's action (without JavaScript too); staff see the same fields read-only.
 */
export function PromotionForm({
  promotion,
  serverAnswer,
  ...offered
}: TermsFormProps & { promotion: AdminPromotion | null }) {
  const { readOnly } = offered;
  const { t } = useTranslation('dashboard-discounts');
  const { Form, formRef, busy, errorFor } = useActionForm({ serverAnswer });
  const check = (name: 'combinesWithCodes' | 'enabled', checked: boolean, hint?: string) => (
    <label className="flex min-h-11 items-start gap-3">
      <input type="checkbox" name={name} defaultChecked={checked} className="mt-1 size-5 accent-primary" />
      <span className="flex flex-col">
        <span>{t(`promotions.form.${name}`)}</span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );
  return (
    <Form method="post" ref={formRef} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-bold">{t('promotions.form.terms')}</legend>
        <TextField
          label={t('promotions.form.nameAr')}
          hint={t('promotions.form.nameHint')}
          name="nameAr"
          dir="rtl"
          required
          defaultValue={promotion?.nameAr}
          error={errorFor('nameAr')}
        />
        <TextField
          label={t('promotions.form.nameEn')}
          name="nameEn"
          dir="ltr"
          required
          defaultValue={promotion?.nameEn}
          error={errorFor('nameEn')}
        />
        <Field label={t('promotions.form.kind')} error={errorFor('kind')}>
          {(id) => (
            <select id={id} name="kind" defaultValue={promotion?.kind ?? 'percent'} className={inputClass}>
              {promotionKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`promotions.kind.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('promotions.form.value')}
          hint={t('promotions.form.valueHint')}
          name="value"
          inputMode="decimal"
          dir="ltr"
          required
          defaultValue={promotion ? String(promotion.value) : ''}
          error={errorFor('value')}
        />
        <TextField
          label={t('promotions.form.startsAt')}
          hint={t('promotions.form.datesHint')}
          name="startsAt"
          type="datetime-local"
          dir="ltr"
          required
          defaultValue={riyadhLocal(promotion?.startsAt ?? null)}
          error={errorFor('startsAt')}
        />
        <TextField
          label={t('promotions.form.endsAt')}
          hint={t('promotions.form.datesHint')}
          name="endsAt"
          type="datetime-local"
          dir="ltr"
          required
          defaultValue={riyadhLocal(promotion?.endsAt ?? null)}
          error={errorFor('endsAt')}
        />
      </fieldset>

      <ScopeFields
        chosen={promotion}
        {...offered}
        errorFor={errorFor}
        wholeLabel={t('promotions.scope.order')}
      />

      <fieldset disabled={readOnly} className="flex flex-col gap-2">
        {check('combinesWithCodes', promotion?.combinesWithCodes ?? false, t('promotions.form.combinesHint'))}
        {check('enabled', promotion?.enabled ?? true)}
      </fieldset>
      {!readOnly && (
        <div>
          <SubmitButton busy={busy}>{t('promotions.form.save')}</SubmitButton>
        </div>
      )}
    </Form>
  );
}
