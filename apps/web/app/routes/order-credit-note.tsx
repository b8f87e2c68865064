import { data } from 'react-router';
import type { Route } from './+types/order-credit-note';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { CreditNoteDocument } from '../features/orders/components/credit-note.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, note] = await Promise.all([
    serverT(requestLang(request)),
    store.creditNote(params.id, params.refundId),
  ]);
  // Someone else's order or refund reads as missing.
  if (!note) throw data(null, { status: 404 });
  return {
    seo: {
      title: t('common:creditNote.pageTitle', { number: note.number }),
      description: t('common:creditNote.description'),
      path: `/order/details/${note.orderId}/credit-notes/${note.refundId}`,
      noindex: true,
    },
    note,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function OrderCreditNotePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('common');
  const { note } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
      <ShopLink
        to={`/order/details/${note.orderId}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline print:hidden"
      >
        <Icon name="chevronStart" className="size-4 rtl:-scale-x-100" />
        {t('creditNote.backToOrder')}
      </ShopLink>
      <CreditNoteDocument note={note} />
    </div>
  );
}
