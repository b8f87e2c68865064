import { Icon } from '../../../components/ui/icon.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Logout as a form to /logout: a post, so it works before hydration and without JavaScript. */
export function LogoutForm({ className, role }: { className: string; role?: 'menuitem' }) {
  const { t } = useTranslation();
  const { localize } = useLang();
  return (
    <form method="post" action={localize('/logout')}>
      <button type="submit" role={role} className={className}>
        <Icon name="close" />
        {t('header.logout')}
      </button>
    </form>
  );
}
