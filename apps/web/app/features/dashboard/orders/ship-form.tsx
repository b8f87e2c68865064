import type { AdminOrder } from '@shop/contract';
import { useActionData } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CONFIRM_KEY_FIELD, type ConfirmAnswer } from '../confirm.ts';

/**
 * Marking an order shipped: its carrier and tracking number (required) and the carrier's
 * tracking link (https, optional). One form to the page's action; without JavaScript the page
 * comes back with the error under its field.
 */
export function ShipForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('dashboard-orders');
  const formKey = `ship:${order.id}`;
  const posted = useActionData() as (ConfirmAnswer & { values?: Record<string, string> }) | undefined;
  const { Form, formRef, busy, answer } = useActionForm<ConfirmAnswer>({
    serverAnswer: posted?.confirmKey === formKey ? posted : undefined,
  });
  const error = answer?.error;
  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  const general = error && !['carrier', 'trackingNumber', 'trackingUrl'].includes(error.field ?? '');
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby={`${formKey}-title`}
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <h3 id={`${formKey}-title`} className="font-semibold">
        {t('fulfilment.shipTitle')}
      </h3>
      <input type="hidden" name="intent" value="fulfil" />
      <input type="hidden" name="status" value="shipped" />
      <input type="hidden" name={CONFIRM_KEY_FIELD} value={formKey} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('fulfilment.carrier')}
          name="carrier"
          maxLength={60}
          autoComplete="off"
          error={errorFor('carrier')}
          required
        />
        <TextField
          label={t('fulfilment.trackingNumber')}
          name="trackingNumber"
          maxLength={80}
          dir="ltr"
          autoComplete="off"
          error={errorFor('trackingNumber')}
          required
        />
      </div>
      <TextField
        label={t('fulfilment.trackingUrl')}
        name="trackingUrl"
        type="url"
        inputMode="url"
        dir="ltr"
        maxLength={500}
        placeholder="https://"
        hint={t('fulfilment.trackingUrlHint')}
        error={errorFor('trackingUrl')}
      />
      {general && (
        <p role="alert" className="text-sm font-medium text-sale">
          {error.message}
        </p>
      )}
      <div>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-10 items-center justify-center gap-2 rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong disabled:cursor-wait disabled:opacity-60"
        >
          {busy && <Spinner />}
          {t('fulfilment.markShipped')}
        </button>
      </div>
    </Form>
  );
}
