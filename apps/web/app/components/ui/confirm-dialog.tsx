import { AlertDialog } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDialogLink } from '../../lib/dialog-link.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLang } from '../../lib/use-lang.ts';

/**
 * A yes/no question before something that cannot be undone (removing a cart line, deleting an
 * address). The trigger is a link to the page with the question open (`?dialog=name`), Cancel a
 * link back, and the answer a form posted to the action that does it: the same markup asks
 * before hydration, without JavaScript and, in place, after hydration. Escape and Cancel keep
 * things as they are. `form` wraps the confirm button in the form that does the change, with
 * its hidden fields; the dialog stays open until the page has the answer.
 */
export function ConfirmDialog({
  name,
  trigger,
  triggerLabel,
  triggerClassName,
  message,
  confirmLabel,
  form,
}: {
  /** Unique on the page: the dialog's name in the address. */
  name: string;
  /** What the trigger shows (an icon, a word). */
  trigger: ReactNode;
  /** The trigger's accessible name. */
  triggerLabel: string;
  triggerClassName: string;
  message: string;
  confirmLabel: string;
  /** The form around the confirm button: `(button, action) => <Form action={action}>…{button}</Form>`. */
  form: (confirm: ReactNode, action: (path: string) => string) => ReactNode;
}) {
  const { t } = useTranslation('forms');
  const { dir } = useLang();
  const dialog = useDialogLink(name);
  // Named here, not by Radix, which links them only once they have rendered in the browser.
  const id = useId();
  return (
    <AlertDialog.Root open={dialog.open} onOpenChange={dialog.setOpen}>
      <Link {...dialog.trigger} preventScrollReset aria-label={triggerLabel} className={triggerClassName}>
        {trigger}
      </Link>
      {/* In place, not in a portal: the server sends the open question in the page. */}
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
      <AlertDialog.Content
        dir={dir}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
      >
        <AlertDialog.Title id={`${id}-title`} className="text-lg font-bold">
          {t('confirmTitle')}
        </AlertDialog.Title>
        <AlertDialog.Description id={`${id}-message`} className="mt-2 text-muted">
          {message}
        </AlertDialog.Description>
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
          <AlertDialog.Cancel asChild>
            <Link
              {...dialog.close}
              replace
              preventScrollReset
              className="inline-flex h-11 items-center rounded-full border border-line px-5 font-semibold hover:bg-surface"
            >
              {t('cancel')}
            </Link>
          </AlertDialog.Cancel>
          {form(
            <button
              type="submit"
              className="h-11 rounded-full bg-sale px-5 font-semibold text-white hover:opacity-90"
            >
              {confirmLabel}
            </button>,
            dialog.actionFor,
          )}
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
