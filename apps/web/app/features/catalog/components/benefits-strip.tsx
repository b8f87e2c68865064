import type { Settings } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

/** The home page's four promises (docs/requirements/shop.md); the numbers come from settings, stated once. */
export function BenefitsStrip({ settings }: { settings: Pick<Settings, 'deliveryDays' | 'returnHours'> }) {
  const { t } = useTranslation();
  const items: { icon: IconName; text: string }[] = [
    { icon: 'truck', text: t('benefits.delivery', { count: settings.deliveryDays }) },
    { icon: 'refresh', text: t('benefits.returns', { count: settings.returnHours }) },
    { icon: 'shield', text: t('benefits.payment') },
    { icon: 'headset', text: t('benefits.support') },
  ];
  return (
    <section aria-label={t('benefits.label')} className="py-6">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <li key={item.icon} className="flex items-center gap-3 rounded-2xl bg-surface p-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-ink">
              <Icon name={item.icon} className="size-6" />
            </span>
            <span className="text-sm font-semibold">{item.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
