import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import type { CartSummary } from '../summary.ts';

/** The summary lines: product price, shipping, discount and the total that is charged. */
export function CartSummaryPanel({ summary }: { summary: CartSummary }) {
  const { t } = useTranslation('cart');
  const { lang } = useLang();
  const row = 'flex items-center justify-between gap-4';
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="flex flex-col gap-3">
        <div className={row}>
          <dt className="text-muted">{t('productsPrice')}</dt>
          <dd className="font-semibold">{formatPrice(summary.productsPrice, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('shipping')}</dt>
          <dd className="font-semibold">
            {summary.freeShipping ? t('freeShipping') : formatPrice(summary.shipping, lang)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('discount')}</dt>
          <dd className="font-semibold text-sale">
            {summary.discount > 0 ? `−${formatPrice(summary.discount, lang)}` : formatPrice(0, lang)}
          </dd>
        </div>
        {summary.code && summary.codeDiscount > 0 && (
          <div className={row}>
            <dt className="text-muted">
              {t('codeDiscount')} <bdi className="font-mono">{summary.code}</bdi>
            </dt>
            <dd className="font-semibold text-sale" data-testid="cart-code-discount">
              −{formatPrice(summary.codeDiscount, lang)}
            </dd>
          </div>
        )}
        <div className={`${row} border-t border-line pt-3 text-base`}>
          <dt className="font-bold">{t('total')}</dt>
          <dd className="text-lg font-bold" data-testid="cart-total">
            {formatPrice(summary.total, lang)}
          </dd>
        </div>
      </dl>
      {/* Outside the list: a <dl> holds only name–value groups. */}
      <p className="text-xs text-muted">{t('vatIncluded')}</p>
    </div>
  );
}
