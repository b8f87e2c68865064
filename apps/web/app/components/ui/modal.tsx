import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Icon } from './icon.tsx';

const sizes = { md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * A dialog: Radix traps focus, closes on Escape and on a click outside, and returns focus to
 * the control that opened it (WCAG 2.2 AA).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  size?: keyof typeof sizes;
  children: ReactNode;
}) {
  const { t } = useTranslation('forms');
  const { dir } = useLang();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <Dialog.Content
          dir={dir}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed inset-x-0 top-1/2 z-50 mx-auto flex max-h-[90vh] w-[calc(100vw-2rem)] ${sizes[size]} -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('close')}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface"
            >
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="px-5 pt-4 text-sm text-muted">{description}</Dialog.Description>
          ) : null}
          <div className="overflow-y-auto px-5 py-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
