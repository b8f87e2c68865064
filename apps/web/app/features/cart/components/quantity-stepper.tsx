import { CART_LINE_MAX } from '@shop/contract/constants';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';

const stepClass =
  'inline-flex size-10 items-center justify-center rounded-full border border-line hover:border-primary disabled:cursor-not-allowed disabled:opacity-40';

/**
 * − count + ; never below 1, never above what the server accepts for one line. The buttons
 * submit the form they are in with the new count (`name="count"`), so they work without
 * JavaScript too.
 */
export function QuantityStepper({ name, count, max }: { name: string; count: number; max: number }) {
  const { t } = useTranslation('cart');
  const { lang } = useLang();
  const upper = Math.max(1, Math.min(max, CART_LINE_MAX));
  return (
    <div role="group" aria-label={t('quantityOf', { name })} className="inline-flex items-center gap-2">
      <button
        type="submit"
        name="count"
        value={count - 1}
        className={stepClass}
        aria-label={t('decrease', { name })}
        disabled={count <= 1}
      >
        <Icon name="minus" />
      </button>
      <output aria-live="polite" className="min-w-8 text-center font-semibold tabular-nums">
        {formatNumber(count, lang)}
      </output>
      <button
        type="submit"
        name="count"
        value={count + 1}
        className={stepClass}
        aria-label={t('increase', { name })}
        disabled={count >= upper}
      >
        <Icon name="plus" />
      </button>
    </div>
  );
}
