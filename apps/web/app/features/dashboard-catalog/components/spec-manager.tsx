import type { AdminSpecAttribute, SpecKind } from '@shop/contract';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmAction } from '../../dashboard/components/confirm-action.tsx';
import { EmptyState } from '../../dashboard/components/empty-state.tsx';
import { formatNumber } from '../../dashboard/format.ts';
import { CATALOG_INTENT } from '../intents.ts';
import { EditDetails, MoveButtons } from './form-button.tsx';
import { Field } from './product-form.tsx';
import { NameFields } from './name-fields.tsx';

type ActionForm = ReturnType<typeof useActionForm>;

/** An attribute's fields: names, unit in both languages, kind, and the choices of a choice. */
function SpecFields({ form, attribute }: { form: ActionForm; attribute?: AdminSpecAttribute }) {
  const { t } = useTranslation('dashboard-catalog');
  const kinds: SpecKind[] = ['number', 'choice', 'text'];
  return (
    <>
      <NameFields values={attribute} errorFor={form.errorFor} required />
      <TextField
        label={t('specs.unitAr')}
        hint={t('specs.unitHint')}
        name="unitAr"
        dir="rtl"
        lang="ar"
        defaultValue={attribute?.unitAr}
        error={form.errorFor('unitAr')}
      />
      <TextField
        label={t('specs.unitEn')}
        name="unitEn"
        dir="ltr"
        lang="en"
        defaultValue={attribute?.unitEn}
        error={form.errorFor('unitEn')}
      />
      <Field label={t('specs.kind')} error={form.errorFor('kind')}>
        {(id) => (
          <select
            id={id}
            name="kind"
            required
            defaultValue={attribute?.kind ?? 'number'}
            className={inputClass}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`specs.kinds.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('specs.choices')} error={form.errorFor('choices')}>
        {(id) => (
          <>
            <textarea
              id={id}
              name="choices"
              dir="auto"
              rows={3}
              aria-describedby={`${id}-hint`}
              defaultValue={attribute?.choices.map((c) => `${c.valueEn} | ${c.valueAr}`).join('\n')}
              className={`${inputClass} h-auto py-3`}
            />
            <p id={`${id}-hint`} className="text-xs text-muted">
              {t('specs.choicesHint')}
            </p>
          </>
        )}
      </Field>
    </>
  );
}

/** One attribute: its name, kind and unit, its place in the order, an edit form, removal. */
function SpecRow({
  attribute,
  first,
  last,
}: {
  attribute: AdminSpecAttribute;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  const form = useActionForm();
  const name = lang === 'en' ? attribute.nameEn : attribute.nameAr;
  const unit = lang === 'en' ? attribute.unitEn || attribute.unitAr : attribute.unitAr || attribute.unitEn;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
      <div className="flex items-center gap-3">
        <div className="flex grow flex-col">
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm text-muted">
            {t(`specs.kinds.${attribute.kind}`)}
            {unit ? ` · ${unit}` : ''}
            {attribute.kind === 'choice'
              ? ` · ${attribute.choices.map((c) => (lang === 'en' ? c.valueEn : c.valueAr)).join('، ')}`
              : ''}
            {' · '}
            {t('specs.productCount', { n: formatNumber(attribute.productCount, lang) })}
          </p>
        </div>
        <MoveButtons id={attribute.id} first={first} last={last} />
      </div>
      <EditDetails name={name}>
        <form.Form
          ref={form.formRef}
          method="post"
          noValidate
          className="grid gap-3 p-4 md:grid-cols-2 md:items-start"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.update} />
          <input type="hidden" name="id" value={attribute.id} />
          <SpecFields form={form} attribute={attribute} />
          <p className="text-sm text-muted md:col-span-2">{t('specs.kindChangeWarning')}</p>
          <div>
            <SubmitButton busy={form.busy}>{t('form.save')}</SubmitButton>
          </div>
        </form.Form>
      </EditDetails>
      <div>
        <ConfirmAction
          confirmKey={`delete:${attribute.id}`}
          fields={{ intent: CATALOG_INTENT.remove, id: String(attribute.id) }}
          label={t('groups.remove')}
          accessibleLabel={t('groups.removeFull', { name })}
          question={t('specs.removeQuestion', { name, n: formatNumber(attribute.productCount, lang) })}
        />
      </div>
    </li>
  );
}

/** A category's specification attributes in their order, and a form to add one. */
export function SpecManager({
  attributes,
  serverAnswer,
}: {
  attributes: AdminSpecAttribute[];
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const create = useActionForm({ serverAnswer, onDone: () => create.formRef.current?.reset() });
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t('specs.explain')}</p>
      <section
        aria-labelledby="add-spec-title"
        className="rounded-2xl border border-line bg-white p-4 md:p-6"
      >
        <h2 id="add-spec-title" className="mb-4 text-lg font-bold">
          {t('specs.add')}
        </h2>
        <create.Form
          ref={create.formRef}
          method="post"
          noValidate
          className="grid gap-3 md:grid-cols-2 md:items-start"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.create} />
          <SpecFields form={create} />
          <div>
            <SubmitButton busy={create.busy}>{t('groups.add')}</SubmitButton>
          </div>
        </create.Form>
      </section>
      {attributes.length === 0 ? (
        <EmptyState />
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('specs.list')}>
          {attributes.map((a, i) => (
            <SpecRow key={a.id} attribute={a} first={i === 0} last={i === attributes.length - 1} />
          ))}
        </ol>
      )}
    </div>
  );
}
