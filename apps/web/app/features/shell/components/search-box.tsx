import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Form, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { listingSearch } from '../../catalog/listing-params.ts';

/** On /products the search runs this long after the text or the path changes. */
export const SEARCH_DELAY_MS = 1000;

/**
 * The header search. Typing anywhere else goes to /products; there, the search runs
 * SEARCH_DELAY_MS after the last change. Enter searches at once, and without JavaScript the
 * form still submits to /products?q=….
 */
export function SearchBox() {
  const { t } = useTranslation();
  const { localize } = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const productsPath = localize('/products');
  const onProducts = location.pathname === productsPath;
  const urlQuery = onProducts ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const lastSent = useRef(urlQuery);
  // Typing elsewhere goes to /products once: each further navigation would cancel the one on its
  // way (its data requests aborted) while a slow connection or server answers it.
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = false;
  }, [location.key]);

  // The URL changed under us (back button, a link): show what it says.
  useEffect(() => {
    if (urlQuery !== lastSent.current) {
      lastSent.current = urlQuery;
      setText(urlQuery);
    }
  }, [urlQuery]);

  useEffect(() => {
    if (!onProducts) return;
    const wanted = text.trim();
    if (wanted === urlQuery) return;
    const timer = setTimeout(() => {
      lastSent.current = wanted;
      void navigate(`${productsPath}${listingSearch({ q: wanted })}`, { replace: urlQuery !== '' });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // The delay restarts when the text or the path changes.
  }, [text, location.pathname, onProducts, urlQuery, productsPath, navigate]);

  return (
    <Form
      role="search"
      method="get"
      action={productsPath}
      // For a page that is not hydrated, whose static-page.client.js submits after this pause.
      data-search-delay={SEARCH_DELAY_MS}
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const wanted = text.trim();
        lastSent.current = wanted;
        void navigate(`${productsPath}${listingSearch({ q: wanted })}`);
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        {t('header.searchLabel')}
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        value={text}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('header.searchPlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          if (!onProducts && !leaving.current) {
            leaving.current = true;
            void navigate(productsPath);
          }
        }}
        className="h-11 w-full rounded-full border border-line bg-surface ps-11 pe-4 text-sm placeholder:text-muted focus:border-primary focus:bg-white focus:outline-none"
      />
      <Icon
        name="search"
        className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-muted"
      />
    </Form>
  );
}
