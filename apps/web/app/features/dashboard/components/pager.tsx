import { Pager as PageLinks } from '../../../components/ui/pager.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A list's page links (`?page=`, the rest of the query kept) and where the shown rows sit in
 * the whole ("26–50 of 130"). Shown even for one page, for the count.
 */
export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {t('pager.showing', {
          from: formatNumber(from, lang),
          to: formatNumber(to, lang),
          total: formatNumber(total, lang),
        })}
      </p>
      <PageLinks page={page} pageCount={pageCount} ns="dashboard" className="" />
    </div>
  );
}
