import type { Route } from './+types/dashboard-order-invoice';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../features/dashboard/format.ts';
import { loadBackOfficeOrder } from '../features/dashboard/orders/order-page.server.ts';
import { PrintableOrderPage } from '../features/dashboard/orders/printable-order-page.tsx';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { VariantNote } from '../components/ui/variant-note.tsx';
import { NationalAddressList } from '../components/ui/national-address.tsx';

/** The printable simplified tax invoice of a paid order, with its ZATCA QR code. */
export async function loader(args: Route.LoaderArgs) {
  return loadBackOfficeOrder(args);
}

export default function DashboardOrderInvoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const { order } = loaderData;
  const { invoice } = order;
  return (
    <PrintableOrderPage
      number={order.number}
      title={t('invoice.title')}
      printId="invoice"
      paper="A4; margin: 14mm"
      printable={invoice !== null}
    >
      {!invoice ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-white p-6">
          <p>{t('invoice.notPaid')}</p>
          <ShopLink to={`/dashboard/orders/${order.number}`} className="text-primary hover:underline">
            {t('invoice.back')}
          </ShopLink>
        </div>
      ) : (
        <article
          id="invoice"
          className="mx-auto flex w-full max-w-[210mm] flex-col gap-6 rounded-2xl border border-line bg-white p-6 text-sm text-ink sm:p-10"
        >
          <header className="flex flex-wrap items-start justify-between gap-6">
            <div className="flex flex-col gap-1">
              <h2 className="text-2xl font-bold">{t('invoice.title')}</h2>
              <p className="text-lg font-semibold">
                {lang === 'en' ? invoice.sellerNameEn : invoice.sellerName}
              </p>
              {lang === 'en' && <p lang="ar">{invoice.sellerName}</p>}
              <p>
                {t('invoice.vatNumber')}: <span dir="ltr">{invoice.vatNumber || '—'}</span>
              </p>
            </div>
            <img src={invoice.qrImage} alt={t('invoice.qr')} width={128} height={128} className="size-32" />
          </header>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-muted">{t('invoice.number')}</dt>
              <dd className="font-semibold">{invoice.invoiceNumber}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('invoice.date')}</dt>
              <dd className="font-semibold">{formatDateTime(invoice.invoiceTime, lang)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('invoice.customer')}</dt>
              <dd dir="auto" className="text-start font-semibold">
                {order.customer.name}
              </dd>
              <dd dir="auto" className="whitespace-pre-line text-start">
                {order.address}
              </dd>
              {order.nationalAddress && (
                <dd>
                  <NationalAddressList value={order.nationalAddress} className="mt-1" />
                </dd>
              )}
              <dd dir="ltr" className="text-start">
                {order.phone || order.customer.phone}
              </dd>
            </div>
          </dl>
          <table className="w-full border-collapse">
            <thead>
              <tr className="border-b-2 border-ink text-start">
                <th scope="col" className="py-2 text-start">
                  {t('details.product')}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t('details.quantity')}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t('details.unitPrice')}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t('details.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.id} className="border-b border-line">
                  <td className="py-2">
                    {line.name}
                    <VariantNote options={line.options} sku={line.sku} />
                  </td>
                  <td className="py-2 text-end tabular-nums">{formatNumber(line.quantity, lang)}</td>
                  <td className="py-2 text-end tabular-nums">{formatPrice(line.unitPrice, lang)}</td>
                  <td className="py-2 text-end tabular-nums">{formatPrice(line.lineTotal, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="ms-auto flex w-full max-w-xs flex-col gap-1">
            {[
              [t('details.subtotal'), formatPrice(order.totals.subtotal, lang)],
              ...(order.totals.discount > 0
                ? [[t('details.discount'), `− ${formatPrice(order.totals.discount, lang)}`]]
                : []),
              ...(order.totals.codeDiscount > 0
                ? [
                    [
                      t('details.codeDiscount', { code: order.totals.discountCode }),
                      `− ${formatPrice(order.totals.codeDiscount, lang)}`,
                    ],
                  ]
                : []),
              [t('details.shipping'), formatPrice(order.totals.shipping, lang)],
              [t('details.vat'), formatPrice(order.totals.vat, lang)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt>{label}</dt>
                <dd className="tabular-nums">{value}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t-2 border-ink pt-1 text-base font-bold">
              <dt>{t('details.total')}</dt>
              <dd className="tabular-nums">{formatPrice(order.totals.total, lang)}</dd>
            </div>
          </dl>
        </article>
      )}
    </PrintableOrderPage>
  );
}
