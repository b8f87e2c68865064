import { Dialog } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DialogLink } from '../../lib/dialog-link.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Icon } from './icon.tsx';

const sizes = { md: 'max-w-lg', lg: 'max-w-3xl' } as const;

const closeClass = 'inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface';

/**
 * A dialog: Radix traps focus, closes on Escape and on a click outside, and returns focus to
 * the control that opened it (WCAG 2.2 AA). Opened by state (`open`, `onOpenChange`) it lives
 * in a portal, so a dialog of the header escapes the header's stacking. Opened by its address
 * (`link`, see `useDialogLink`) it is drawn in place: a portal exists only in the browser, and
 * the server must send the open dialog in the page for it to work without JavaScript; its close
 * control is then a link back to the page without the dialog.
 */
export function Modal({
  open,
  onOpenChange,
  link,
  title,
  description,
  size = 'md',
  children,
}: {
  title: string;
  description?: string;
  size?: keyof typeof sizes;
  children: ReactNode;
} & (
  | { open: boolean; onOpenChange: (open: boolean) => void; link?: undefined }
  | { link: DialogLink; open?: undefined; onOpenChange?: undefined }
)) {
  const { t } = useTranslation('forms');
  const { dir } = useLang();
  // Named here, not by Radix: it links the title only after it has rendered in the browser, and
  // a dialog the server sends open must have its name in the HTML.
  const id = useId();
  const content = (
    <>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
      <Dialog.Content
        dir={dir}
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        className={`fixed inset-x-0 top-1/2 z-50 mx-auto flex max-h-[90vh] w-[calc(100vw-2rem)] ${sizes[size]} -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
          <Dialog.Title id={`${id}-title`} className="text-lg font-bold">
            {title}
          </Dialog.Title>
          {link ? (
            <Link {...link.close} replace preventScrollReset aria-label={t('close')} className={closeClass}>
              <Icon name="close" />
            </Link>
          ) : (
            <Dialog.Close aria-label={t('close')} className={closeClass}>
              <Icon name="close" />
            </Dialog.Close>
          )}
        </div>
        {description ? (
          <Dialog.Description id={`${id}-description`} className="px-5 pt-4 text-sm text-muted">
            {description}
          </Dialog.Description>
        ) : null}
        <div className="overflow-y-auto px-5 py-5">{children}</div>
      </Dialog.Content>
    </>
  );
  if (link) {
    return (
      <Dialog.Root open={link.open} onOpenChange={link.setOpen}>
        {content}
      </Dialog.Root>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>{content}</Dialog.Portal>
    </Dialog.Root>
  );
}
