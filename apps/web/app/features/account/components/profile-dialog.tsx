import type { ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import type { DialogLink } from '../../../lib/dialog-link.ts';
import { useActionForm, type ActionFormOptions, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import type { PROFILE_INTENT } from '../intents.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';

/** What the profile page gives each of its dialogs. */
export interface ProfileDialogProps {
  dialog: DialogLink;
  /** The page's answer to this dialog's form posted without JavaScript (the address names it). */
  serverAnswer?: FormAnswer | undefined;
}

/** A profile dialog's form state: its answer from the server, then on after the account's delay. */
export function useProfileForm(
  serverAnswer: FormAnswer | undefined,
  options: Omit<ActionFormOptions<FormAnswer>, 'serverAnswer' | 'redirectAfterMs'> = {},
) {
  return useActionForm({ ...options, serverAnswer, redirectAfterMs: ACCOUNT_REDIRECT_MS });
}

/**
 * One of the profile page's dialogs: opened by its address, with the form that posts to the
 * profile page's action under its intent, at an address that names the dialog (so a post
 * without JavaScript that fails comes back with it open). `form` is the dialog's
 * `useActionForm()`, which shows the answer.
 */
export function ProfileDialog({
  dialog,
  intent,
  form,
  title,
  description,
  multipart = false,
  children,
}: {
  dialog: DialogLink;
  intent: (typeof PROFILE_INTENT)[keyof typeof PROFILE_INTENT];
  form: Pick<ReturnType<typeof useProfileForm>, 'Form' | 'formRef'>;
  title: string;
  description?: string;
  /** The form carries a file (the photo). */
  multipart?: boolean;
  children: ReactNode;
}) {
  const { localize } = useLang();
  const { Form, formRef } = form;
  return (
    <Modal link={dialog} title={title} {...(description ? { description } : {})}>
      <Form
        ref={formRef}
        method="post"
        {...(multipart ? { encType: 'multipart/form-data' as const } : {})}
        action={dialog.actionFor(localize('/user/profile'))}
        noValidate
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
      </Form>
    </Modal>
  );
}
