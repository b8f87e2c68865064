import type { Order } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { VariantNote } from '../../../components/ui/variant-note.tsx';

/** The order as the server priced it: lines, then subtotal, discount, shipping, VAT and total. */
export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const { lang } = useLang();
  const row = 'flex items-center justify-between gap-4';
  const { totals } = order;
  return (
    <section
      aria-labelledby="order-summary-title"
      className="flex flex-col gap-4 rounded-2xl border border-line p-5"
    >
      <h2 id="order-summary-title" className="text-lg font-bold">
        {t('summary', { number: order.number })}
      </h2>
      <ul className="flex flex-col gap-3">
        {order.products.map((line) => (
          <li key={`${line.productId}-${line.sku}`} className="flex items-center gap-3">
            <img
              src={line.productImage}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-lg bg-surface object-contain"
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-semibold">{line.productName}</span>
              <VariantNote options={line.options} sku={line.sku} className="truncate" />
              <span className="text-sm text-muted">{t('quantity', { count: line.quantity })}</span>
            </div>
            <span className="font-semibold">{formatPrice(line.lineTotal, lang)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-line pt-4 text-sm">
        <div className={row}>
          <dt className="text-muted">{t('subtotal')}</dt>
          <dd className="font-semibold">{formatPrice(totals.subtotal, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('discount')}</dt>
          <dd className="font-semibold text-sale">
            {totals.discount > 0 ? `−${formatPrice(totals.discount, lang)}` : formatPrice(0, lang)}
          </dd>
        </div>
        {totals.discountCode && totals.codeDiscount > 0 && (
          <div className={row}>
            <dt className="text-muted">
              {t('codeDiscount')} <bdi className="font-mono">{totals.discountCode}</bdi>
            </dt>
            <dd className="font-semibold text-sale">−{formatPrice(totals.codeDiscount, lang)}</dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-muted">{t('shipping')}</dt>
          <dd className="font-semibold">{formatPrice(totals.shipping, lang)}</dd>
        </div>
        <div className={`${row} border-t border-line pt-3 text-base`}>
          <dt className="font-bold">{t('total')}</dt>
          <dd className="text-lg font-bold" data-testid="payment-total">
            {formatPrice(totals.total, lang)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('vat')}</dt>
          <dd>{formatPrice(totals.vat, lang)}</dd>
        </div>
      </dl>
    </section>
  );
}
