import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useActionData, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CONFIRM_FIELD, CONFIRM_KEY_FIELD, type ConfirmAnswer } from '../confirm.ts';

const tones = {
  danger: 'bg-sale text-white hover:opacity-90',
  primary: 'bg-primary text-primary-ink hover:bg-primary-strong',
} as const;

/**
 * A destructive action that asks first, with or without JavaScript. It is one form posting
 * `fields` (with `intent`) to `action` (this page's by default):
 *
 * - Hydrated: the button opens a dialog; "yes" posts the form with `confirm=1`.
 * - Without JavaScript (or before hydration): the button posts `confirm=0`; the action answers
 *   `askToConfirm()` (confirm.server.ts) and the page comes back with the question here, in
 *   place of the button, whose "yes" posts `confirm=1`. "Cancel" reloads the page as it was.
 *
 * `confirmKey` tells the page's several ConfirmActions apart (e.g. `disable:<id>`).
 */
export function ConfirmAction({
  confirmKey,
  fields,
  label,
  accessibleLabel,
  question,
  confirmLabel,
  action,
  tone = 'danger',
  redirectAfterMs,
  children,
}: {
  confirmKey: string;
  fields: Record<string, string>;
  /** The button's text. */
  label: string;
  /** A fuller name for screen readers when `label` is short ("Disable" → "Disable Sara"). */
  accessibleLabel?: string;
  question: string;
  /** The "yes" button's text; defaults to the shared "Yes, go ahead". */
  confirmLabel?: string;
  action?: string;
  tone?: keyof typeof tones;
  redirectAfterMs?: number;
  /** Inputs the member fills in before pressing (a note, a box), posted with `fields`. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { dir } = useLang();
  const { pathname, search } = useLocation();
  const posted = useActionData() as ConfirmAnswer | undefined;
  const mine = posted?.confirmKey === confirmKey ? posted : undefined;
  const { Form, formRef, busy, answer } = useActionForm<ConfirmAnswer>({
    serverAnswer: mine?.confirmStep ? undefined : mine,
    redirectAfterMs,
  });
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const confirmInput = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  const asking = Boolean(mine?.confirmStep) && !answer?.done;

  const hidden = (confirm: '0' | '1') => (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={CONFIRM_KEY_FIELD} value={confirmKey} />
      <input
        ref={confirm === '0' ? confirmInput : undefined}
        type="hidden"
        name={CONFIRM_FIELD}
        value={confirm}
      />
    </>
  );
  const button = `inline-flex h-10 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold disabled:cursor-wait disabled:opacity-60`;

  if (asking)
    return (
      <div
        role="alertdialog"
        aria-labelledby={`${confirmKey}-question`}
        className="flex flex-col gap-3 rounded-2xl border border-sale bg-red-50 p-4"
      >
        <p id={`${confirmKey}-question`} className="font-semibold">
          {question}
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={action}>
            {hidden('1')}
            {Object.entries(mine?.posted ?? {})
              .filter(([name]) => !(name in fields))
              .map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
            <button type="submit" disabled={busy} className={`${button} ${tones[tone]}`} autoFocus>
              {busy && <Spinner />}
              {confirmLabel ?? t('confirm.yes')}
            </button>
          </Form>
          <a
            href={`${pathname}${search}`}
            className={`${button} border border-line bg-white hover:bg-surface`}
          >
            {t('confirm.cancel')}
          </a>
        </div>
      </div>
    );

  const error = answer?.error?.message;
  return (
    <Form
      method="post"
      action={action}
      ref={formRef}
      // With inputs of its own the form takes the width it is given, its inputs with it.
      className={children ? 'flex w-full flex-col gap-2' : 'inline-flex flex-col gap-1'}
    >
      {hidden('0')}
      {children}
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <button
          type="submit"
          disabled={busy}
          aria-label={accessibleLabel}
          onClick={(event) => {
            // Hydrated, the dialog asks; before that the post itself brings the question.
            if (!hydrated) return;
            event.preventDefault();
            setOpen(true);
          }}
          className={`${button} border border-line bg-white hover:bg-surface ${tone === 'danger' ? 'text-sale' : ''}`}
        >
          {busy && <Spinner />}
          {label}
        </button>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
          <AlertDialog.Content
            dir={dir}
            className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
          >
            <AlertDialog.Title className="text-lg font-bold">{t('confirm.title')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-muted">{question}</AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={`${button} border border-line hover:bg-surface`}>
                {t('confirm.cancel')}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                onClick={() => {
                  if (confirmInput.current) confirmInput.current.value = '1';
                  formRef.current?.requestSubmit();
                  if (confirmInput.current) confirmInput.current.value = '0';
                }}
                className={`${button} ${tones[tone]}`}
              >
                {confirmLabel ?? t('confirm.yes')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      {error && (
        <p role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </Form>
  );
}
