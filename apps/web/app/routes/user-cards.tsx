import { savedCardParams } from '@shop/contract';
import { useActionData } from 'react-router';
import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/user-cards';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { brandKey } from '../features/checkout/card-label.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, cards] = await Promise.all([
    serverT(requestLang(request)),
    store.savedCards().then((list) => list ?? []),
  ]);
  return {
    seo: {
      title: t('account:cards.title'),
      description: t('account:cards.description'),
      path: '/user/cards',
      noindex: true,
    },
    cards,
  };
}

/** Deletes one of the shopper's saved cards (asked first); the list is then read again. */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireUser(request, context);
  const back = localizePath('/user/cards', requestLang(request));
  const result = await submitAction(request, {
    schema: savedCardParams,
    run: (input) => store.deleteSavedCard(input.cardId),
  });
  return answerForm(request, result, { back });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/**
 * The shopper's saved cards: network and last four digits, expiry, name on the card, and delete
 * (asked first, a form that works without JavaScript). Cards are saved when paying by card.
 */
export default function SavedCardsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const { localize } = useLang();
  const { Form } = useActionForm({ serverAnswer: useActionData<typeof action>() });
  return (
    <>
      <PageHeader title={t('cards.title')} />
      {loaderData.cards.length === 0 ? (
        <p className="rounded-2xl bg-surface p-8 text-center text-muted">{t('cards.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {loaderData.cards.map((card) => {
            const label = tc('cards.masked', { brand: tc(brandKey(card.brand)), lastFour: card.lastFour });
            const expiry = `${String(card.month).padStart(2, '0')}/${String(card.year).slice(-2)}`;
            return (
              <li key={card.id}>
                <article className="flex h-full flex-col gap-2 rounded-2xl border border-line p-5">
                  <h2 className="flex items-center gap-2 text-lg font-bold">
                    <Icon name="card" className="size-5 shrink-0 text-primary" />
                    <bdi>{label}</bdi>
                  </h2>
                  {card.expired ? (
                    <>
                      <p className="text-sm font-semibold text-sale">
                        {t('cards.expired')} <bdi dir="ltr">{expiry}</bdi>
                      </p>
                      <p className="text-sm text-muted">{t('cards.expiredHint')}</p>
                    </>
                  ) : (
                    <p className="text-sm text-muted">
                      {t('cards.expires')} <bdi dir="ltr">{expiry}</bdi>
                    </p>
                  )}
                  {card.name && <p className="text-sm break-words">{card.name}</p>}
                  <div className="mt-auto pt-2">
                    <ConfirmDialog
                      name={`delete-${card.id}`}
                      message={t('cards.deleteConfirm')}
                      confirmLabel={t('cards.delete')}
                      triggerLabel={t('cards.deleteLabel', { card: label })}
                      triggerClassName="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold text-sale hover:bg-red-50"
                      trigger={
                        <>
                          <Icon name="trash" className="size-4" />
                          {t('cards.delete')}
                        </>
                      }
                      form={(confirm, action) => (
                        <Form method="post" action={action(localize('/user/cards'))}>
                          <input type="hidden" name="cardId" value={card.id} />
                          {confirm}
                        </Form>
                      )}
                    />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
