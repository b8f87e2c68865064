import type { SynonymGroup } from '@shop/contract';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmAction } from '../../dashboard/components/confirm-action.tsx';
import { EmptyState } from '../../dashboard/components/empty-state.tsx';
import { CATALOG_INTENT } from '../intents.ts';
import { EditDetails } from './form-button.tsx';

/** How a group's words are written in its form and shown: separated by the language's comma. */
const joinWords = (words: readonly string[], lang: string) => words.join(lang === 'ar' ? '، ' : ', ');

/** One synonym group: its words, an edit form, removal. */
function SynonymRow({ group }: { group: SynonymGroup }) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  const { Form, formRef, busy, errorFor } = useActionForm();
  const words = joinWords(group.words, lang);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
      <p className="font-semibold" dir="auto">
        {words}
      </p>
      <EditDetails name={words}>
        <Form
          ref={formRef}
          method="post"
          noValidate
          className="grid gap-3 p-4 md:grid-cols-[1fr_auto] md:items-end"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.update} />
          <input type="hidden" name="id" value={group.id} />
          <TextField
            label={t('synonyms.words')}
            name="words"
            dir="auto"
            defaultValue={words}
            error={errorFor('words')}
          />
          <div>
            <SubmitButton busy={busy}>{t('form.save')}</SubmitButton>
          </div>
        </Form>
      </EditDetails>
      <div>
        <ConfirmAction
          confirmKey={`delete:${group.id}`}
          fields={{ intent: CATALOG_INTENT.remove, id: String(group.id) }}
          label={t('groups.remove')}
          accessibleLabel={t('groups.removeFull', { name: words })}
          question={t('synonyms.removeQuestion', { words })}
        />
      </div>
    </li>
  );
}

/** The search synonyms page: what synonyms do, a form to add a group, and the groups. */
export function SynonymManager({
  groups,
  serverAnswer,
}: {
  groups: SynonymGroup[];
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  // Added: the form is emptied for the next one (the list shows the new group).
  const create = useActionForm({ serverAnswer, onDone: () => create.formRef.current?.reset() });
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-muted">{t('synonyms.explain')}</p>
      <section aria-labelledby="add-title" className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <h2 id="add-title" className="mb-4 text-lg font-bold">
          {t('synonyms.addTitle')}
        </h2>
        <create.Form
          ref={create.formRef}
          method="post"
          noValidate
          className="grid gap-3 md:grid-cols-[1fr_auto] md:items-end"
        >
          <input type="hidden" name="intent" value={CATALOG_INTENT.create} />
          <TextField
            label={t('synonyms.words')}
            hint={t('synonyms.wordsHint')}
            name="words"
            dir="auto"
            required
            error={create.errorFor('words')}
          />
          <div>
            <SubmitButton busy={create.busy}>{t('groups.add')}</SubmitButton>
          </div>
        </create.Form>
      </section>
      {groups.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('synonyms.list')}>
          {groups.map((g) => (
            <SynonymRow key={g.id} group={g} />
          ))}
        </ul>
      )}
    </div>
  );
}
