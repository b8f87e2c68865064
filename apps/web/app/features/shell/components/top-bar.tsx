import type { Settings } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { OpeningHoursText } from './opening-hours-text.tsx';
import { SocialLinks } from './social-links.tsx';

/** Large screens only: greeting, visit-site link, working days and time, social links. */
export function TopBar({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <div className="hidden bg-ink text-sm text-white lg:block">
      <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-2">
        <p>{t('topbar.greeting', { shop: settings.sellerName })}</p>
        <ShopLink to="/" className="underline-offset-4 hover:underline">
          {t('topbar.visitSite')}
        </ShopLink>
        <p className="flex items-center gap-2 text-white/85">
          <Icon name="clock" className="size-4" />
          <OpeningHoursText hours={settings.openingHours} />
        </p>
        <SocialLinks links={settings.socialLinks} className="ms-auto" />
      </div>
    </div>
  );
}
