import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { browserApi } from '../../lib/api.ts';
import { apiFormError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/toast.ts';
import { useLang } from '../../lib/use-lang.ts';
import { verifyPayment } from './api.ts';
import { paidRedirect, withoutPaidRedirect } from './status.ts';

/** The payment redirect's parameters leave the URL after 1 s (docs/requirements/rules.md, Timings). */
const CLEAN_UP_MS = 1000;

/**
 * After the card provider sends the shopper back (`?id=…&status=paid&message=APPROVED`), the
 * server is asked to verify the payment first (the query string alone proves nothing); only its
 * answer shows 'Payment completed successfully', and without a payment id nothing is shown.
 * Then the parameters are removed.
 */
export function usePaidRedirect() {
  const { lang } = useLang();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The latest helpers, read by the one-time effect below without re-running it.
  const latest = useRef({ lang, navigate, revalidator });
  latest.current = { lang, navigate, revalidator };
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const redirect = paidRedirect(params);
    if (!redirect || handled.current === search) return;
    handled.current = search;
    const { lang: language } = latest.current;
    const announce = async () => {
      // Without a payment id there is nothing the server could confirm: a link anyone can
      // type (`?status=paid&message=APPROVED`) announces nothing.
      if (!redirect.paymentId) return;
      try {
        const answer = await verifyPayment(browserApi(language), redirect.paymentId);
        notify.success(answer.message);
        await latest.current.revalidator.revalidate();
      } catch (error) {
        notify.error(apiFormError(error, language).message);
      }
    };
    void announce();
    // Not cancelled on re-render: the clean-up must happen once the second has passed.
    window.setTimeout(
      () =>
        void latest.current.navigate(`${pathname}${withoutPaidRedirect(params)}`, {
          replace: true,
          preventScrollReset: true,
        }),
      CLEAN_UP_MS,
    );
  }, [search, pathname]);
}
