import type { AdminProductSpecs } from '@shop/contract';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_INTENT } from '../intents.ts';
import { Field } from './product-form.tsx';

/**
 * One field per attribute of the product's category (a number, a choice, or text in both
 * languages), saved together from the product's version. An empty field clears its value.
 */
export function ProductSpecsForm({
  specs,
  version,
  categoryId,
  serverAnswer,
}: {
  specs: AdminProductSpecs;
  version: number;
  categoryId: number;
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang, localize } = useLang();
  const form = useActionForm({ serverAnswer });
  const valueOf = new Map(specs.values.map((v) => [v.attributeId, v]));
  const manage = (
    <a
      href={localize(`/dashboard/categories/${categoryId}/specs`)}
      className="font-semibold text-primary hover:underline"
    >
      {t('specs.manage')}
    </a>
  );
  return (
    <section aria-labelledby="product-specs-title" className="flex flex-col gap-3">
      <h2 id="product-specs-title" className="text-lg font-bold">
        {t('specs.title')}
      </h2>
      {specs.attributes.length === 0 ? (
        <p className="text-sm text-muted">
          {t('specs.noneForCategory')} {manage}
        </p>
      ) : (
        <form.Form
          ref={form.formRef}
          method="post"
          noValidate
          className="grid gap-3 md:grid-cols-2 md:items-start"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.specs} />
          <input type="hidden" name="version" value={version} />
          {specs.attributes.map((a) => {
            const name = lang === 'en' ? a.nameEn : a.nameAr;
            const unit = lang === 'en' ? a.unitEn || a.unitAr : a.unitAr || a.unitEn;
            const label = unit ? `${name} (${unit})` : name;
            const value = valueOf.get(a.id);
            const field = `spec_${a.id}`;
            if (a.kind === 'choice')
              return (
                <Field key={a.id} label={label} error={form.errorFor(field)}>
                  {(id) => (
                    <select id={id} name={field} defaultValue={value?.choiceId ?? ''} className={inputClass}>
                      <option value="">{t('specs.notFilled')}</option>
                      {a.choices.map((c) => (
                        <option key={c.id} value={c.id}>
                          {lang === 'en' ? c.valueEn : c.valueAr}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              );
            if (a.kind === 'number')
              return (
                <TextField
                  key={a.id}
                  label={label}
                  name={field}
                  inputMode="decimal"
                  dir="ltr"
                  defaultValue={value?.number ?? ''}
                  error={form.errorFor(field)}
                />
              );
            return (
              <fieldset
                key={a.id}
                className="grid gap-2 rounded-xl border border-line p-3 md:col-span-2 md:grid-cols-2"
              >
                <legend className="px-1 text-sm font-semibold">{label}</legend>
                <TextField
                  label={t('specs.valueAr')}
                  name={`${field}_ar`}
                  dir="rtl"
                  lang="ar"
                  defaultValue={value?.textAr ?? ''}
                  error={form.errorFor(field)}
                />
                <TextField
                  label={t('specs.valueEn')}
                  name={`${field}_en`}
                  dir="ltr"
                  lang="en"
                  defaultValue={value?.textEn ?? ''}
                />
              </fieldset>
            );
          })}
          <div className="flex flex-wrap items-center gap-4 md:col-span-2">
            <SubmitButton busy={form.busy}>{t('specs.save')}</SubmitButton>
            {manage}
          </div>
        </form.Form>
      )}
    </section>
  );
}
