import type { ReactNode } from 'react';
import { useActionData } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { CONFIRM_KEY_FIELD, type ConfirmAnswer } from '../confirm.ts';

/**
 * A small form in a table row or a card that needs no confirmation (change a role, send a
 * link): its hidden `fields`, any `children` inputs, and a button. `formKey` tells the page's
 * forms apart, so an error answered to a page posted without JavaScript shows next to the form
 * that posted (the action answers it with `confirmError`).
 */
export function RowAction({
  formKey,
  fields,
  label,
  accessibleLabel,
  children,
  action,
}: {
  formKey: string;
  fields: Record<string, string>;
  label: string;
  accessibleLabel?: string;
  children?: ReactNode;
  action?: string;
}) {
  const posted = useActionData() as ConfirmAnswer | undefined;
  const { Form, formRef, busy, answer } = useActionForm<ConfirmAnswer>({
    serverAnswer: posted?.confirmKey === formKey ? posted : undefined,
  });
  return (
    <Form ref={formRef} method="post" action={action} className="inline-flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRM_KEY_FIELD} value={formKey} />
        {children}
        <button
          type="submit"
          disabled={busy}
          aria-label={accessibleLabel}
          className="inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-full border border-line bg-white px-4 text-sm font-semibold hover:bg-surface disabled:cursor-wait disabled:opacity-60"
        >
          {busy && <Spinner />}
          {label}
        </button>
      </div>
      {answer?.error && (
        <p role="alert" className="text-sm font-medium text-sale">
          {answer.error.message}
        </p>
      )}
    </Form>
  );
}
