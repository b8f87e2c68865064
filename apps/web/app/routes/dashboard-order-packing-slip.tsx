import { data } from 'react-router';
import type { Route } from './+types/dashboard-order-packing-slip';
import { PrintableOrderPage } from '../features/dashboard/orders/printable-order-page.tsx';
import { formatDateTime, formatNumber } from '../features/dashboard/format.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { NationalAddressList } from '../components/ui/national-address.tsx';

/** The packing slip of an order: where it goes, what goes in the box, and its number as a barcode. */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const slip = await bo.orders.packingSlip(args.params.ref);
  if (!slip) throw data({ ref: args.params.ref }, { status: 404 });
  return { slip };
}

/** A5 (two fit an A4 sheet folded), narrow margins. */
const PAPER = 'A5; margin: 8mm';

export default function DashboardOrderPackingSlip({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const { slip } = loaderData;
  const orderTitle = t('orderNumber', { number: slip.number });
  return (
    <PrintableOrderPage
      number={slip.number}
      title={t('packingSlip.title')}
      printId="packing-slip"
      paper={PAPER}
    >
      <article
        id="packing-slip"
        aria-label={t('packingSlip.title')}
        className="mx-auto flex w-full max-w-[148mm] flex-col gap-5 rounded-2xl border border-line bg-white p-5 text-sm text-ink sm:p-8"
      >
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{slip.shopName}</p>
            <h2 className="text-xl font-bold">{orderTitle}</h2>
            <p className="text-muted">{formatDateTime(slip.createdAt, lang)}</p>
          </div>
          <figure className="flex flex-col items-center gap-1" dir="ltr">
            <svg
              viewBox={slip.barcode.viewBox}
              role="img"
              aria-label={t('packingSlip.barcode', { number: slip.number })}
              className="h-16 w-56"
              preserveAspectRatio="none"
              data-testid="order-barcode"
            >
              {slip.barcode.paths.map((path) => (
                <path key={path.strokeWidth} stroke="#000" strokeWidth={path.strokeWidth} d={path.d} />
              ))}
            </svg>
            <figcaption className="font-mono text-base tracking-widest">{slip.number}</figcaption>
          </figure>
        </header>
        <section
          aria-labelledby="slip-ship-to"
          className="flex flex-col gap-1 rounded-xl border border-ink p-4"
        >
          <h3 id="slip-ship-to" className="text-xs font-bold uppercase text-muted">
            {t('packingSlip.shipTo')}
          </h3>
          <p dir="auto" className="text-start text-base font-bold">
            {slip.customerName}
          </p>
          <p dir="ltr" className="text-start">
            {slip.phone}
          </p>
          <p dir="auto" className="whitespace-pre-line text-start">
            {slip.address}
          </p>
          {slip.nationalAddress && <NationalAddressList value={slip.nationalAddress} className="mt-1" />}
          {slip.note && (
            <p dir="auto" className="mt-2 whitespace-pre-line text-start">
              <span className="font-semibold">{t('details.note')}: </span>
              {slip.note}
            </p>
          )}
        </section>
        <table className="w-full border-collapse">
          <caption className="sr-only">{t('packingSlip.lines')}</caption>
          <thead>
            <tr className="border-b-2 border-ink">
              <th scope="col" className="py-2 text-start">
                {t('details.product')}
              </th>
              <th scope="col" className="py-2 text-start">
                {t('packingSlip.sku')}
              </th>
              <th scope="col" className="py-2 text-end">
                {t('details.quantity')}
              </th>
              <th scope="col" className="w-10 py-2 text-end">
                <span className="sr-only">{t('packingSlip.packed')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line) => (
              <tr key={line.id} className="border-b border-line align-top">
                <td className="py-2">
                  <span className="font-semibold">{line.name}</span>
                  {line.options && <span className="block text-muted">{line.options}</span>}
                </td>
                <td className="py-2 font-mono text-xs" dir="ltr">
                  {line.sku || '—'}
                </td>
                <td className="py-2 text-end text-base font-bold tabular-nums">
                  {formatNumber(line.quantity, lang)}
                </td>
                <td className="py-2 text-end">
                  <span aria-hidden="true" className="inline-block size-5 rounded border-2 border-ink" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-muted">
          {t('packingSlip.units', {
            units: formatNumber(
              slip.lines.reduce((sum, l) => sum + l.quantity, 0),
              lang,
            ),
          })}
        </p>
      </article>
    </PrintableOrderPage>
  );
}
