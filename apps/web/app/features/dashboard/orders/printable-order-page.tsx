import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DashboardPage } from '../components/dashboard-page.tsx';

/**
 * A printable page of one order (its invoice, its packing slip): a page of the back office on
 * screen, with its way back to the order and a print button; on paper only the element
 * `printId` shows (not the header and navigation), on `paper` with its margins, in black.
 */
export function PrintableOrderPage({
  number,
  title,
  printId,
  paper,
  printable = true,
  children,
}: {
  number: number;
  title: string;
  printId: string;
  /** The CSS `@page` size and margin, e.g. `A4; margin: 14mm`. */
  paper: string;
  /** False when there is nothing to print yet (no print button). */
  printable?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard-orders');
  const nav = useTranslation('dashboard').t;
  const css = `
@page { size: ${paper}; }
@media print {
  body * { visibility: hidden; }
  #${printId}, #${printId} * { visibility: visible; color: #000; }
  #${printId} { position: absolute; inset-inline: 0; top: 0; border: 0; box-shadow: none; padding: 0; }
}`;
  return (
    <DashboardPage
      title={title}
      breadcrumbs={[
        { label: nav('nav.orders'), to: '/dashboard/orders' },
        { label: t('orderNumber', { number }), to: `/dashboard/orders/${number}` },
        { label: title },
      ]}
      actions={
        printable && (
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex h-10 items-center rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
          >
            {t('invoice.print')}
          </button>
        )
      }
    >
      <style>{css}</style>
      {children}
    </DashboardPage>
  );
}
