import { adminCatalogPaths, type AdminProductPick } from '@shop/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClass, TextField } from '../../components/ui/text-field.tsx';
import { useLang } from '../../lib/use-lang.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatPrice } from '../dashboard/format.ts';

/** One product or variant the scope covers, named as the owner chose it. */
interface Chip {
  field: 'productIds' | 'variantIds';
  id: number;
  nameAr: string;
  nameEn: string;
  /** A variant's SKU, shown left to right whatever the page's direction. */
  sku?: string;
}

type Variant = AdminProductPick['variants'][number];

/** A variant's name: its product's and its option values; with its SKU. */
function variantChip(p: AdminProductPick, v: Variant): Chip {
  const named = (name: string, values: string) => [name, values].filter(Boolean).join(' · ');
  return {
    field: 'variantIds',
    id: v.id,
    nameAr: named(p.nameAr, v.valuesAr),
    nameEn: named(p.nameEn, v.valuesEn),
    sku: v.sku,
  };
}

/** A chip's or a result's SKU, kept left to right in an Arabic line. */
const Sku = ({ sku }: { sku: string }) => (
  // Its own width, so that under a name it sits at the line's start in Arabic too.
  <bdi dir="ltr" className="self-start font-mono text-xs">
    {sku}
  </bdi>
);

/** The chips of what was saved: named from `picked`, or by number when the product is gone. */
function savedChips(productIds: number[], variantIds: number[], picked: AdminProductPick[]): Chip[] {
  const gone = (field: Chip['field'], id: number): Chip => ({
    field,
    id,
    nameAr: `#${id}`,
    nameEn: `#${id}`,
  });
  const products = productIds.map((id) => {
    const p = picked.find((x) => x.id === id);
    return p
      ? { field: 'productIds' as const, id, nameAr: p.nameAr, nameEn: p.nameEn }
      : gone('productIds', id);
  });
  const variants = variantIds.map((id) => {
    const p = picked.find((x) => x.variants.some((v) => v.id === id));
    const v = p?.variants.find((x) => x.id === id);
    return p && v ? variantChip(p, v) : gone('variantIds', id);
  });
  return [...products, ...variants];
}

type Found = { state: 'idle' | 'searching' | 'failed' } | { state: 'found'; items: AdminProductPick[] };

/** The API's products for `q`, asked a moment after the owner stops typing; the older answer dropped. */
function useProductSearch(q: string): Found {
  const [found, setFound] = useState<Found>({ state: 'idle' });
  useEffect(() => {
    const words = q.trim();
    if (words.length < 2) {
      setFound({ state: 'idle' });
      return;
    }
    const abort = new AbortController();
    setFound({ state: 'searching' });
    const timer = setTimeout(() => {
      fetch(`${adminCatalogPaths.productPicks.pattern}?q=${encodeURIComponent(words)}`, {
        signal: abort.signal,
        headers: { accept: 'application/json' },
      })
        .then(async (res) => {
          if (!res.ok) throw new Error(String(res.status));
          const body = (await res.json()) as { items: AdminProductPick[] };
          setFound({ state: 'found', items: body.items });
        })
        .catch(() => {
          if (!abort.signal.aborted) setFound({ state: 'failed' });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q]);
  return found;
}

/**
 * The products and variants a scope covers. Each chosen one is a chip with its name, posted as
 * `productIds` or `variantIds`. Without JavaScript the chips are ticked checkboxes (untick to
 * drop one) and new ones are added by number in the fields below; with it, a search by name or
 * SKU lists products with their variants, each with a button to add it, and a chip's button
 * removes it. What changed is announced.
 */
export function ProductPicker({
  productIds,
  variantIds,
  picked,
  errorFor,
}: {
  productIds: number[];
  variantIds: number[];
  picked: AdminProductPick[];
  errorFor: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('dashboard-discounts');
  const { lang } = useLang();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [chips, setChips] = useState(() => savedChips(productIds, variantIds, picked));
  const [q, setQ] = useState('');
  const [told, setTold] = useState('');
  const found = useProductSearch(q);
  const searchRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const nameOf = (x: { nameAr: string; nameEn: string }) => (lang === 'en' ? x.nameEn : x.nameAr);
  const has = (c: Chip) => chips.some((x) => x.field === c.field && x.id === c.id);

  const add = (c: Chip) => {
    if (!has(c)) setChips((all) => [...all, c]);
    setTold(t('picker.added', { name: nameOf(c) }));
  };
  const remove = (c: Chip) => {
    setChips((all) => all.filter((x) => !(x.field === c.field && x.id === c.id)));
    setTold(t('picker.removed', { name: nameOf(c) }));
    searchRef.current?.focus();
  };
  // Enter in the search field searches (as typing does) rather than saving the whole form.
  const keepForm = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.preventDefault();
  };
  const status =
    found.state === 'searching'
      ? t('picker.searching')
      : found.state === 'failed'
        ? t('picker.failed')
        : found.state === 'found'
          ? found.items.length === 0
            ? t('picker.notFound')
            : t('picker.found', { count: found.items.length })
          : '';
  const addButton = (c: Chip, label: string) => (
    <button
      type="button"
      onClick={() => add(c)}
      aria-label={`${has(c) ? t('picker.isAdded') : t('picker.add')}: ${label}`}
      className="min-h-9 shrink-0 rounded-lg border border-primary px-3 text-sm font-semibold text-primary hover:bg-primary/10"
    >
      {has(c) ? t('picker.isAdded') : t('picker.add')}
    </button>
  );

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" data-testid="product-picker">
      <legend className="mb-1 text-sm font-semibold">{t('picker.title')}</legend>
      {chips.length > 0 ? (
        <ul aria-label={t('picker.chosen')} className="flex flex-wrap gap-2" data-testid="picker-chips">
          {chips.map((c) => (
            <li
              key={`${c.field}-${c.id}`}
              className="flex min-h-9 max-w-full items-center gap-2 rounded-full border border-line bg-surface ps-3 pe-1 text-sm"
            >
              {hydrated ? (
                <>
                  <input type="hidden" name={c.field} value={c.id} />
                  <span className="min-w-0 break-words">
                    {nameOf(c)} {c.sku && <Sku sku={c.sku} />}
                  </span>
                  <button
                    type="button"
                    onClick={() => remove(c)}
                    aria-label={t('picker.remove', { name: nameOf(c) })}
                    className="flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-line"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </>
              ) : (
                <label className="flex min-w-0 items-center gap-2 pe-2">
                  <input
                    type="checkbox"
                    name={c.field}
                    value={c.id}
                    defaultChecked
                    className="size-4 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 break-words">
                    {nameOf(c)} {c.sku && <Sku sku={c.sku} />}
                  </span>
                </label>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('picker.none')}</p>
      )}

      {hydrated && (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-q`} className="text-sm font-semibold">
            {t('picker.search')}
          </label>
          <input
            ref={searchRef}
            id={`${ids}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={keepForm}
            autoComplete="off"
            aria-describedby={`${ids}-hint`}
            aria-controls={`${ids}-results`}
            className={`${inputClass} md:max-w-md`}
          />
          <p id={`${ids}-hint`} className="text-xs text-muted">
            {t('picker.searchHint')}
          </p>
          <p role="status" className="text-sm text-muted">
            {told ? `${told} ` : ''}
            {status}
          </p>
          <ul
            id={`${ids}-results`}
            aria-label={t('picker.results')}
            className="flex flex-col gap-2 md:max-w-2xl"
          >
            {found.state === 'found' &&
              found.items.map((p) => {
                const product: Chip = { field: 'productIds', id: p.id, nameAr: p.nameAr, nameEn: p.nameEn };
                return (
                  <li key={p.id} className="rounded-xl border border-line p-2" data-testid="picker-result">
                    <div className="flex items-center gap-3">
                      {p.image ? (
                        <img
                          src={p.image}
                          alt=""
                          width={40}
                          height={40}
                          loading="lazy"
                          className="size-10 shrink-0 rounded-lg bg-surface object-contain"
                        />
                      ) : null}
                      <div className="flex min-w-0 grow flex-col">
                        <span className="break-words font-semibold">{nameOf(p)}</span>
                        <span className="text-xs text-muted">{formatPrice(p.price, lang)}</span>
                      </div>
                      {addButton(product, nameOf(p))}
                    </div>
                    {p.variants.length > 1 && (
                      <details className="mt-2">
                        <summary className="min-h-9 cursor-pointer py-2 text-sm text-primary">
                          {t('picker.variants', { name: nameOf(p), count: p.variants.length })}
                        </summary>
                        <ul className="flex flex-col gap-1 ps-4">
                          {p.variants.map((v) => {
                            const values = lang === 'en' ? v.valuesEn : v.valuesAr;
                            return (
                              <li key={v.id} className="flex items-center gap-2 text-sm">
                                <span className="flex min-w-0 grow flex-col break-words">
                                  {values}
                                  <Sku sku={v.sku} />
                                </span>
                                {addButton(variantChip(p, v), [values, v.sku].filter(Boolean).join(' '))}
                              </li>
                            );
                          })}
                        </ul>
                      </details>
                    )}
                  </li>
                );
              })}
          </ul>
        </div>
      )}

      <details className="rounded-xl border border-line p-3" open={!hydrated || undefined}>
        <summary className="cursor-pointer text-sm font-semibold">{t('picker.byNumber')}</summary>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {(['productIds', 'variantIds'] as const).map((field) => (
            <TextField
              key={field}
              label={t(`form.${field}`)}
              hint={t('form.idsHint')}
              name={field}
              dir="ltr"
              error={errorFor(field)}
            />
          ))}
        </div>
      </details>
    </fieldset>
  );
}
