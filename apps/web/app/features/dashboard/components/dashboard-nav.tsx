import type { StaffRole } from '@shop/contract';
import { NavLink } from 'react-router';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { navFor } from '../nav.ts';

/**
 * The back office's navigation links for a member's role (owner-only pages hidden from staff),
 * the current section marked. In the drawer a chosen link also closes the drawer.
 */
export function DashboardNavLinks({ role, inDrawer = false }: { role: StaffRole; inDrawer?: boolean }) {
  const { t } = useTranslation('dashboard');
  const { localize } = useLang();
  return (
    <ul className="flex flex-col gap-1 p-3">
      {navFor(role).map((item) => (
        <li key={item.path}>
          <NavLink
            to={localize(item.path)}
            end={item.path === '/dashboard'}
            onClick={(event) => {
              if (inDrawer) event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();
            }}
            className={({ isActive }) =>
              `flex h-11 items-center rounded-lg px-3 text-sm font-semibold ${
                isActive ? 'bg-primary text-primary-ink' : 'text-ink hover:bg-surface'
              }`
            }
          >
            {t(item.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
