import { useEffect, useState } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/dashboard-credit-note';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { CreditNoteDocument } from '../features/orders/components/credit-note.tsx';
import { useTranslation } from '../lib/use-translation.ts';

/** A refund's simplified credit note, printable on A4 (the print stylesheet shows it alone). */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const note = await bo.refunds.creditNote(args.params.id, args.params.refundId);
  if (!note) throw data(null, { status: 404 });
  return { note };
}

/** The browser's print dialog; shown once the page runs scripts (the browser's own Print works anyway). */
function PrintButton({ label }: { label: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex h-10 items-center justify-center rounded-full bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
    >
      {label}
    </button>
  );
}

export default function DashboardCreditNote({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-refunds');
  const { note } = loaderData;
  return (
    <DashboardPage
      title={t('creditNote.title', { number: note.number })}
      breadcrumbs={[
        { label: t('breadcrumbOrders'), to: '/dashboard/orders' },
        {
          label: t('breadcrumbOrder', { number: note.invoiceNumber }),
          to: `/dashboard/orders/${note.orderId}`,
        },
        { label: t('breadcrumbRefund'), to: `/dashboard/orders/${note.orderId}/refund` },
        { label: t('creditNote.breadcrumb', { number: note.number }) },
      ]}
      actions={<PrintButton label={t('creditNote.print')} />}
    >
      <CreditNoteDocument note={note} />
    </DashboardPage>
  );
}
