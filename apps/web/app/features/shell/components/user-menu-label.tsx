import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';

/** The account pages of the user menu (profile, orders, settings, wishlist, logout). */
export const accountLinks = [
  { to: '/user/profile', key: 'header.profile', icon: 'user' },
  { to: '/user/allorders', key: 'header.orders', icon: 'grid' },
  { to: '/user/addresses', key: 'header.settings', icon: 'pin' },
  { to: '/user/wishlist', key: 'header.wishlist', icon: 'heart' },
] as const;

export const userMenuTriggerClass =
  'inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-surface';

/** What the user menu's button shows: the shopper's name. */
export function UserMenuLabel({ shopper }: { shopper: Shopper }) {
  return (
    <>
      <Icon name="user" />
      {/* dir=auto: a Latin name on an Arabic page is cut at its end, not its beginning. */}
      <span dir="auto" className="max-w-28 truncate">
        {shopper.userName}
      </span>
      <Icon name="chevronDown" className="size-4" />
    </>
  );
}
