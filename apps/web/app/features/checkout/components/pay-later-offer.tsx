import { halalasToSar, payLaterEligible, tabbyInstalments, type PayLaterMethod } from '@shop/contract';
import { Form } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useRootData } from '../../../lib/root-data.ts';

/** The payment page's intents that open a Tabby or a Tamara session (the card's are in sandbox-card-form). */
export const PAY_LATER_INTENTS: Record<PayLaterMethod, string> = { tabby: 'tabby', tamara: 'tamara' };

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
 * "or 4 payments of SAR … with Tabby" under a price (product page, cart), for the providers the
 * shop offers (switched on, with their keys) whose limits (the contract's) take the total: one
 * line naming both when both do, nothing when neither does. Both split the same way, so the
 * amounts are the same.
 */
export function PayLaterLine({ totalSar, className = '' }: { totalSar: number; className?: string }) {
  const { t } = useTranslation('checkout');
  const offered = useRootData()?.settings.paymentMethods ?? [];
  const totalHalalas = Math.round(totalSar * 100);
  const text = useInstalmentsText(totalHalalas);
  const tabby = offered.includes('tabby') && payLaterEligible('tabby', totalHalalas);
  const tamara = offered.includes('tamara') && payLaterEligible('tamara', totalHalalas);
  if (!tabby && !tamara) return null;
  const which = tabby && tamara ? 'both' : tabby ? 'tabby' : 'tamara';
  return (
    <p className={`text-sm text-muted ${className}`} data-testid="tabby-line">
      {text.even
        ? t(`${which}Line`, { amount: text.first })
        : t(`${which}LineUneven`, { first: text.first, amount: text.rest })}
    </p>
  );
}

/**
 * The payment page's choice of Tabby or Tamara, next to the card: the plan in four payments and
 * one button, a form posted to the page's action, which opens the session and sends the browser
 * to the provider's page (without JavaScript too). `refused`: why the provider said no before
 * its page, said kindly here, the card form staying on the page.
 */
export function PayLaterChoice({
  method,
  amountHalalas,
  refused,
}: {
  method: PayLaterMethod;
  amountHalalas: number;
  refused?: string;
}) {
  const { t } = useTranslation('checkout');
  const text = useInstalmentsText(amountHalalas);
  return (
    <section
      aria-labelledby={`${method}-choice-title`}
      className="flex flex-col gap-3 rounded-2xl border border-line p-5"
    >
      <h2 id={`${method}-choice-title`} className="text-lg font-bold">
        {t(`${method}Title`)}
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
        <input type="hidden" name="intent" value={PAY_LATER_INTENTS[method]} />
        <button
          type="submit"
          className="inline-flex h-12 items-center rounded-full border-2 border-primary px-6 font-semibold hover:bg-surface"
        >
          {t(`${method}Pay`)}
        </button>
      </Form>
    </section>
  );
}
