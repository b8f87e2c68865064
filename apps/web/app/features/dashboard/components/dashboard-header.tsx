import type { StaffMe } from '@shop/contract';
import { Icon } from '../../../components/ui/icon.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LanguageToggle } from '../../shell/components/language-toggle.tsx';

/** The id of the navigation drawer (a native popover, so it opens without JavaScript). */
export const NAV_DRAWER_ID = 'dashboard-nav-drawer';

/**
 * The back office's header: the menu button (narrow screens), the shop's name, who is signed
 * in and in which role, the language switch and signing out (a POST form).
 */
export function DashboardHeader({ shopName, me }: { shopName: string; me: StaffMe | undefined }) {
  const { t } = useTranslation('dashboard');
  const { localize } = useLang();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-white px-3 sm:px-4">
      {me && (
        <button
          type="button"
          popoverTarget={NAV_DRAWER_ID}
          aria-label={t('nav.open')}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface lg:hidden"
        >
          <Icon name="menu" />
        </button>
      )}
      {/* A full page load: the shop's pages carry the shop's words, not the back office's. */}
      <a href={localize('/dashboard')} className="flex min-w-0 flex-col leading-tight">
        <span className="truncate font-bold">{shopName}</span>
        <span className="text-xs text-muted">{t('backOffice')}</span>
      </a>
      <div className="ms-auto flex items-center gap-1 sm:gap-2">
        {me && (
          <p className="hidden text-end text-sm leading-tight md:block">
            <span className="sr-only">
              {t('header.member', { name: me.staff.name, role: t(`roles.${me.staff.role}`) })}
            </span>
            <span aria-hidden="true" className="block font-semibold">
              {me.staff.name}
            </span>
            <span aria-hidden="true" className="block text-xs text-muted">
              {t(`roles.${me.staff.role}`)}
            </span>
          </p>
        )}
        <LanguageToggle />
        {me && (
          <form method="post" action={localize('/dashboard/sign-out')}>
            <button
              type="submit"
              className="inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-full border border-line px-3 text-sm font-semibold hover:bg-surface"
            >
              {t('header.signOut')}
            </button>
          </form>
        )}
      </div>
    </header>
  );
}
