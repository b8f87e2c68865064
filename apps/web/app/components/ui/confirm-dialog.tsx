import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLang } from '../../lib/use-lang.ts';

/**
 * A yes/no question before something that cannot be undone (removing a cart line, deleting an
 * address). Escape and Cancel keep things as they are.
 */
export function ConfirmDialog({
  trigger,
  message,
  confirmLabel,
  onConfirm,
}: {
  /** The button that opens the question (an `AlertDialog.Trigger` child). */
  trigger: ReactNode;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('forms');
  const { dir } = useLang();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <AlertDialog.Content
          dir={dir}
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-bold">{t('confirmTitle')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{message}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="h-11 rounded-full border border-line px-5 font-semibold hover:bg-surface">
              {t('cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className="h-11 rounded-full bg-sale px-5 font-semibold text-white hover:opacity-90"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
