import { bulkFulfilmentStatuses, type BulkFulfilmentAnswer } from '@shop/contract';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatNumber } from '../format.ts';

export type BulkAnswer = FormAnswer & { bulk?: Pick<BulkFulfilmentAnswer, 'moved' | 'refused'> };

const fieldClass =
  'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm focus:border-primary focus:outline-none';

/**
 * Moving the ticked orders to one status: the form the list's checkboxes belong to (their
 * `form=` attribute names `formId`), so ticking and posting work without JavaScript. The answer
 * says which orders moved and, for each that did not, why.
 */
export function BulkFulfilmentForm({ formId, serverAnswer }: { formId: string; serverAnswer?: BulkAnswer }) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const { Form, formRef, busy, answer } = useActionForm<BulkAnswer>({ serverAnswer });
  const report = answer?.bulk;
  const numbers = (list: number[]) =>
    list.map((n) => `#${formatNumber(n, lang)}`).join(lang === 'ar' ? '، ' : ', ');
  return (
    <div className="flex flex-col gap-3">
      <Form
        ref={formRef}
        id={formId}
        method="post"
        noValidate
        aria-label={t('bulk.title')}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 md:flex-row md:items-end"
      >
        <div className="flex flex-col gap-1 md:w-64">
          <label htmlFor={`${formId}-status`} className="text-sm font-semibold">
            {t('bulk.status')}
          </label>
          <select id={`${formId}-status`} name="status" className={fieldClass} defaultValue="preparing">
            {bulkFulfilmentStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`bulk.to.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton busy={busy} className="h-10">
          {t('bulk.apply')}
        </SubmitButton>
        <p className="text-xs text-muted md:max-w-sm">{t('bulk.hint')}</p>
      </Form>
      {answer?.error && (
        <p role="alert" className="text-sm font-medium text-sale">
          {answer.error.message}
        </p>
      )}
      {report && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-sm"
        >
          {report.moved.length > 0 && <p>{t('bulk.moved', { numbers: numbers(report.moved) })}</p>}
          {report.refused.length > 0 && (
            <>
              <p className="font-semibold">{t('bulk.refused')}</p>
              <ul className="list-inside list-disc">
                {report.refused.map((r) => (
                  <li key={r.number}>
                    #{formatNumber(r.number, lang)}: {r.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
