import { halalasToSar, tabbyEligible, tabbyInstalments } from '@shop/contract';
import { Form } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useRootData } from '../../../lib/root-data.ts';

/** The payment page's intent that opens a Tabby session (the card's are in sandbox-card-form). */
export const TABBY_INTENT = 'tabby';

/**
 * The four payments of a total as the shopper reads them: one amount when they are equal, else
 * the first (which carries the halalas that do not divide by four) and the three others.
 */
function useInstalmentsText(totalHalalas: number): { first: string; rest: string; even: boolean } {
  const { lang } = useLang();
  const [first = 0, rest = 0] = tabbyInstalments(totalHalalas);
  return {
    first: formatPrice(halalasToSar(first), lang),
    rest: formatPrice(halalasToSar(rest), lang),
    even: first === rest,
  };
}

/**
 * "or 4 payments of SAR … with Tabby" under a price (product page, cart), only when the shop
 * offers Tabby (switched on, with its keys) and for a total Tabby takes (its limits are the
 * contract's); nothing otherwise.
 */
export function TabbyLine({ totalSar, className = '' }: { totalSar: number; className?: string }) {
  const { t } = useTranslation('checkout');
  const offered = useRootData()?.settings.paymentMethods.includes('tabby') ?? false;
  const totalHalalas = Math.round(totalSar * 100);
  const text = useInstalmentsText(totalHalalas);
  if (!offered || !tabbyEligible(totalHalalas)) return null;
  return (
    <p className={`text-sm text-muted ${className}`} data-testid="tabby-line">
      {text.even
        ? t('tabbyLine', { amount: text.first })
        : t('tabbyLineUneven', { first: text.first, amount: text.rest })}
    </p>
  );
}

/**
 * The payment page's Tabby choice, next to the card: the plan in four payments and one button,
 * a form posted to the page's action, which opens the session and sends the browser to Tabby's
 * page (without JavaScript too). `refused`: why Tabby said no (pre-scoring), said kindly here,
 * the card form staying on the page.
 */
export function TabbyChoice({ amountHalalas, refused }: { amountHalalas: number; refused?: string }) {
  const { t } = useTranslation('checkout');
  const text = useInstalmentsText(amountHalalas);
  return (
    <section
      aria-labelledby="tabby-choice-title"
      className="flex flex-col gap-3 rounded-2xl border border-line p-5"
    >
      <h2 id="tabby-choice-title" className="text-lg font-bold">
        {t('tabbyTitle')}
      </h2>
      <p className="text-sm">
        {text.even
          ? t('tabbyPlan', { amount: text.first })
          : t('tabbyPlanUneven', { first: text.first, amount: text.rest })}
      </p>
      {refused && (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm font-semibold text-amber-950">
          {refused}
        </p>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value={TABBY_INTENT} />
        <button
          type="submit"
          className="inline-flex h-12 items-center rounded-full border-2 border-primary px-6 font-semibold hover:bg-surface"
        >
          {t('tabbyPay')}
        </button>
      </Form>
    </section>
  );
}
