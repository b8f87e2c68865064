import type { AdminGroup, CatalogGroupKind } from '@shop/contract';
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
import { NameFields } from './name-fields.tsx';

/** One category or brand: its image, names (an edit form), place in the order, removal. */
function GroupRow({
  kind,
  group,
  first,
  last,
}: {
  kind: CatalogGroupKind;
  group: AdminGroup;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang, localize } = useLang();
  const { Form, formRef, busy, errorFor } = useActionForm();
  const name = lang === 'en' ? group.nameEn : group.nameAr;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
      <div className="flex items-center gap-3">
        <img
          src={group.image}
          alt=""
          width={56}
          height={56}
          className="size-14 rounded-lg bg-surface object-contain"
        />
        <div className="flex grow flex-col">
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm text-muted">
            {t('groups.productCount', { n: formatNumber(group.productCount, lang) })}
          </p>
        </div>
        <MoveButtons id={group.id} first={first} last={last} />
      </div>
      <EditDetails name={name}>
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="grid gap-3 p-4 md:grid-cols-3 md:items-end"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.update} />
          <input type="hidden" name="id" value={group.id} />
          <NameFields values={group} errorFor={errorFor} />
          <TextField
            label={t('groups.newImage')}
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={`${inputClass} py-2.5`}
            error={errorFor('image')}
          />
          <div>
            <SubmitButton busy={busy}>{t('form.save')}</SubmitButton>
          </div>
        </Form>
      </EditDetails>
      <div className="flex flex-wrap items-center gap-4">
        {kind === 'category' && (
          <a
            href={localize(`/dashboard/categories/${group.id}/specs`)}
            className="font-semibold text-primary hover:underline"
          >
            {t('specs.link', { name })}
          </a>
        )}
        <ConfirmAction
          confirmKey={`delete:${group.id}`}
          fields={{ intent: CATALOG_INTENT.remove, id: String(group.id) }}
          label={t('groups.remove')}
          accessibleLabel={t('groups.removeFull', { name })}
          question={t('groups.removeQuestion', { name })}
        />
      </div>
    </li>
  );
}

/** The categories' or brands' page: the list in its order, and a form to add one. */
export function GroupManager({
  kind,
  groups,
  serverAnswer,
}: {
  kind: CatalogGroupKind;
  groups: AdminGroup[];
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  // Added: the form is emptied for the next one (the list shows the new entry).
  const create = useActionForm({ serverAnswer, onDone: () => create.formRef.current?.reset() });
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="add-title" className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <h2 id="add-title" className="mb-4 text-lg font-bold">
          {kind === 'category' ? t('groups.addCategory') : t('groups.addBrand')}
        </h2>
        <create.Form
          ref={create.formRef}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="grid gap-3 md:grid-cols-3 md:items-end"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.create} />
          <NameFields errorFor={create.errorFor} required />
          <TextField
            label={t('form.image')}
            hint={t('images.hint')}
            name="image"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp"
            className={`${inputClass} py-2.5`}
            error={create.errorFor('image')}
          />
          <div>
            <SubmitButton busy={create.busy}>{t('groups.add')}</SubmitButton>
          </div>
        </create.Form>
      </section>
      {groups.length === 0 ? (
        <EmptyState />
      ) : (
        <ol
          className="flex flex-col gap-3"
          aria-label={kind === 'category' ? t('groups.categoriesList') : t('groups.brandsList')}
        >
          {groups.map((g, i) => (
            <GroupRow key={g.id} kind={kind} group={g} first={i === 0} last={i === groups.length - 1} />
          ))}
        </ol>
      )}
    </div>
  );
}
