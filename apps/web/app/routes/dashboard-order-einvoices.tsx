import type { EinvoiceDocument } from '@shop/contract';
import { data } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/dashboard-order-einvoices';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { askToConfirm, confirmError } from '../features/dashboard/confirm.server.ts';
import { EinvoiceStatusBadge } from '../features/dashboard/einvoices/einvoice-parts.tsx';
import { formatDateTime, formatNumber } from '../features/dashboard/format.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { formDone, readForm, submitAction } from '../lib/form-action.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * One order's e-invoices: its signed invoice and credit notes, each with its reporting status,
 * ZATCA's warnings or errors, the signed XML to download, and "send again" (asked first) for a
 * document that is waiting or was rejected.
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const order = await bo.einvoices.ofOrder(args.params.ref);
  if (!order) throw data({ ref: args.params.ref }, { status: 404 });
  return { order };
}

const reportSchema = z.object({ intent: z.literal('report'), uuid: z.uuid() });

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { bo } = await requireMember(args);
  const lang = requestLang(request);
  const read = await readForm(request);
  const ask = askToConfirm(read.values);
  if (ask) return ask;
  const result = await submitAction(
    request,
    { schema: reportSchema, run: (input) => bo.einvoices.reportAgain(input.uuid) },
    read,
  );
  if (!result.ok) return confirmError(read.values, result.error);
  return formDone(
    request,
    { done: result.answer.message, confirmKey: read.values.confirmKey },
    { headers: result.headers, back: localizePath(`/dashboard/orders/${params.ref}/einvoices`, lang) },
  );
}

function Document({ doc }: { doc: EinvoiceDocument }) {
  const { t } = useTranslation('dashboard-einvoices');
  const { lang } = useLang();
  const row = 'flex flex-wrap justify-between gap-x-4 gap-y-1';
  return (
    <section
      aria-labelledby={`doc-${doc.uuid}`}
      data-testid="einvoice-document"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`doc-${doc.uuid}`} className="text-lg font-bold">
          {t(`kinds.${doc.kind}`)} <bdi dir="ltr">{doc.number}</bdi>
        </h2>
        <EinvoiceStatusBadge status={doc.status} />
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        <div className={row}>
          <dt className="text-muted">{t('counter')}</dt>
          <dd className="font-semibold">{formatNumber(doc.icv, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('issuedAt')}</dt>
          <dd className="font-semibold">{formatDateTime(doc.issuedAt, lang)}</dd>
        </div>
        {doc.reportedAt && (
          <div className={row}>
            <dt className="text-muted">{t('reportedAt')}</dt>
            <dd className="font-semibold">{formatDateTime(doc.reportedAt, lang)}</dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-muted">{t('attempts')}</dt>
          <dd className="font-semibold">{formatNumber(doc.attempts, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('hash')}</dt>
          <dd className="font-mono text-xs break-all" dir="ltr">
            {doc.hash}
          </dd>
        </div>
        {doc.lastError && doc.status === 'queued' && (
          <div className={row}>
            <dt className="text-muted">{t('lastError')}</dt>
            <dd className="text-xs break-all" dir="ltr">
              {doc.lastError}
            </dd>
          </div>
        )}
      </dl>
      {doc.messages.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">{t('messages')}</h3>
          <ul className="flex flex-col gap-1 text-sm" data-testid="einvoice-messages">
            {doc.messages.map((m, i) => (
              <li key={i} className="rounded-lg bg-surface px-3 py-2">
                <code dir="ltr" className="font-semibold">
                  {m.code}
                </code>{' '}
                <bdi>{m.message}</bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <a
          href={doc.xmlUrl}
          download={`${doc.number}.xml`}
          aria-label={t('downloadFor', { number: doc.number })}
          className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
        >
          {t('download')}
        </a>
        {(doc.status === 'queued' || doc.status === 'rejected') && (
          <ConfirmAction
            confirmKey={`report:${doc.uuid}`}
            fields={{ intent: 'report', uuid: doc.uuid }}
            label={t('reportAgain')}
            accessibleLabel={t('reportAgainFor', { number: doc.number })}
            question={t('reportAgainQuestion', { number: doc.number })}
            confirmLabel={t('reportAgainConfirm')}
            tone="primary"
          />
        )}
      </div>
    </section>
  );
}

export default function DashboardOrderEinvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-einvoices');
  const { t: tDash } = useTranslation('dashboard');
  const { order } = loaderData;
  return (
    <DashboardPage
      title={t('orderTitle', { number: order.orderNumber })}
      breadcrumbs={[
        { label: tDash('nav.orders'), to: '/dashboard/orders' },
        { label: String(order.orderNumber), to: `/dashboard/orders/${order.orderNumber}` },
        { label: t('title') },
      ]}
    >
      {order.documents.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-4 text-muted">{t('none')}</p>
      ) : (
        order.documents.map((doc) => <Document key={doc.uuid} doc={doc} />)
      )}
      <ShopLink to={`/dashboard/orders/${order.orderNumber}`} className="text-primary underline">
        {t('backToOrder')}
      </ShopLink>
    </DashboardPage>
  );
}
