import type { SavedCard } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { brandKey } from '../card-label.ts';

/** The payment page's intents of the methods paid from the shop's server (decision 243). */
export const WALLET_INTENT = {
  savedCard: 'saved-card',
  stcpayStart: 'stcpay-start',
  stcpayConfirm: 'stcpay-confirm',
  applePay: 'applepay',
} as const;

/**
 * "Pay with a saved card": the shopper's cards by network, last four digits and expiry, one
 * chosen, and one button; the page's action has Moyasar charge the card's token. Works without
 * JavaScript (radio buttons and a post).
 */
export function SavedCardsChoice({
  cards,
  form,
  amountLabel,
}: {
  cards: SavedCard[];
  form: ReturnType<typeof useActionForm>;
  amountLabel: string;
}) {
  const { t } = useTranslation('checkout');
  const { t: tc } = useTranslation('common');
  const { Form, busy } = form;
  return (
    <section
      aria-labelledby="saved-cards-title"
      className="flex flex-col gap-3 rounded-2xl border border-line p-5"
    >
      <h2 id="saved-cards-title" className="text-lg font-bold">
        {t('savedCardsTitle')}
      </h2>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={WALLET_INTENT.savedCard} />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('savedCardsTitle')}</legend>
          {cards.map((card, i) => (
            <label
              key={card.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 has-[:checked]:border-primary has-[:checked]:bg-surface"
            >
              <input type="radio" name="cardId" value={card.id} defaultChecked={i === 0} className="size-4" />
              <span className="font-semibold">
                {tc('cards.masked', { brand: tc(brandKey(card.brand)), lastFour: card.lastFour })}
              </span>
              <span className="ms-auto text-sm text-muted" dir="ltr">
                {String(card.month).padStart(2, '0')}/{String(card.year).slice(-2)}
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton busy={busy}>{t('payWithSavedCard', { amount: amountLabel })}</SubmitButton>
      </Form>
    </section>
  );
}
