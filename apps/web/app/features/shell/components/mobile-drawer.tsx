import { lazy, Suspense, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

// The drawer (a dialog) comes with the first tap, not with every page (decision 033).
const loadPanel = () => import('./mobile-drawer-panel.tsx');
const DrawerPanel = lazy(() => loadPanel().then((m) => ({ default: m.DrawerPanel })));

/** Small screens: the menu button of the header, opening the side drawer. */
export function MobileDrawer({ shopper, onLogin }: { shopper: Shopper | null; onLogin: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadPanel();
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface lg:hidden"
      >
        <Icon name="menu" className="size-6" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <DrawerPanel
            open={open}
            onOpenChange={setOpen}
            shopper={shopper}
            onLogin={onLogin}
            triggerRef={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
