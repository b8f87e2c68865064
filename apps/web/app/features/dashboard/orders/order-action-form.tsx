import { useActionData } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';

/** What the order page's action answers a ship or deliver form: which form it was for. */
export interface OrderActionAnswer extends FormAnswer {
  intent?: string;
}

/**
 * One of the order page's fulfilment buttons (mark shipped, mark delivered): a form posting its
 * `intent` to the page's action. Works before hydration and without JavaScript (the page comes
 * back with the outcome as a notice); hydrated, the outcome is a toast and the page re-reads
 * the order.
 */
export function OrderActionForm({ intent, label }: { intent: 'ship' | 'deliver'; label: string }) {
  const posted = useActionData() as OrderActionAnswer | undefined;
  const { Form, formRef, busy } = useActionForm<OrderActionAnswer>({
    serverAnswer: posted?.intent === intent ? posted : undefined,
  });
  return (
    <Form method="post" ref={formRef} className="inline">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex h-10 items-center justify-center gap-2 rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong disabled:cursor-wait disabled:opacity-60"
      >
        {busy && <Spinner />}
        {label}
      </button>
    </Form>
  );
}
