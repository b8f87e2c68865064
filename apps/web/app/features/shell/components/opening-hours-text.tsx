import type { Settings } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatClock } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { openingDays } from '../opening-hours.ts';

/** One setting, the same hours in both languages, so the two can never disagree. */
export function OpeningHoursText({ hours }: { hours: Settings['openingHours'] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const days = openingDays(hours.days);
  const daysText = Array.isArray(days)
    ? days.map((d) => t(`days.${d}`)).join(lang === 'ar' ? '، ' : ', ')
    : t('days.range', { from: t(`days.${days.from}`), to: t(`days.${days.to}`) });
  return (
    <>
      {t('topbar.hours', {
        days: daysText,
        opens: formatClock(hours.opens, lang),
        closes: formatClock(hours.closes, lang),
      })}
    </>
  );
}
