import type { Product } from '@shop/contract';
import { Popover, Slider } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../lib/use-lang.ts';
import type { PriceRange } from '../api.ts';
import { priceFilterDefaults } from '../listing-params.ts';
import { PriceFilterLabel, priceTriggerClass } from './price-filter-label.tsx';

const inputClass =
  'h-11 w-full rounded-lg border border-line px-3 text-sm focus:border-primary focus:outline-none';

/**
 * The price filter: a dropdown with a range slider, min and max number inputs (starting at
 * the lowest and highest price in the list, or 0) and Apply, which puts the range in the URL.
 * Loaded on first use by PriceFilter, and open from the start.
 */
export function PriceFilterPopover({ products, applied }: { products: Product[]; applied: PriceRange }) {
  const { t } = useTranslation('catalog');
  const { dir } = useLang();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const defaults = priceFilterDefaults(products, applied);
  const [open, setOpen] = useState(true);
  const [min, setMin] = useState(defaults.min);
  const [max, setMax] = useState(defaults.max);
  const minId = useId();
  const maxId = useId();
  const active = applied.startprice !== undefined || applied.finishprice !== undefined;
  const floor = Math.min(defaults.floor, min);
  const ceiling = Math.max(defaults.ceiling, max, floor + 1);

  const go = (range: PriceRange) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('startprice');
    params.delete('finishprice');
    if (range.startprice !== undefined) params.set('startprice', String(range.startprice));
    if (range.finishprice !== undefined) params.set('finishprice', String(range.finishprice));
    const text = params.toString();
    setOpen(false);
    void navigate(`${pathname}${text ? `?${text}` : ''}`);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={priceTriggerClass(active)}>
        <PriceFilterLabel products={products} applied={applied} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          dir={dir}
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-40 w-80 max-w-[calc(100vw-24px)] rounded-2xl border border-line bg-white p-5 shadow-lg"
        >
          <form
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              const low = Math.min(min, max);
              const high = Math.max(min, max);
              go({ startprice: low, finishprice: high });
            }}
          >
            <fieldset className="flex flex-col gap-5">
              <legend className="mb-4 font-semibold">{t('filter.priceRange')}</legend>
              <Slider.Root
                dir={dir}
                min={floor}
                max={ceiling}
                step={1}
                minStepsBetweenThumbs={0}
                value={[Math.max(floor, Math.min(min, ceiling)), Math.max(floor, Math.min(max, ceiling))]}
                onValueChange={([low = floor, high = ceiling]) => {
                  setMin(low);
                  setMax(high);
                }}
                className="relative flex h-6 touch-none items-center select-none"
              >
                <Slider.Track className="relative h-1.5 grow rounded-full bg-line">
                  <Slider.Range className="absolute h-full rounded-full bg-primary" />
                </Slider.Track>
                <Slider.Thumb
                  aria-label={t('filter.minThumb')}
                  className="block size-5 rounded-full border-2 border-primary bg-white shadow focus-visible:ring-4 focus-visible:ring-primary/30 focus-visible:outline-none"
                />
                <Slider.Thumb
                  aria-label={t('filter.maxThumb')}
                  className="block size-5 rounded-full border-2 border-primary bg-white shadow focus-visible:ring-4 focus-visible:ring-primary/30 focus-visible:outline-none"
                />
              </Slider.Root>
              <div className="grid grid-cols-2 gap-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor={minId} className="text-sm text-muted">
                    {t('filter.min')}
                  </label>
                  <input
                    id={minId}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={min}
                    onChange={(event) => setMin(Math.max(0, Number(event.target.value) || 0))}
                    className={inputClass}
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={maxId} className="text-sm text-muted">
                    {t('filter.max')}
                  </label>
                  <input
                    id={maxId}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={max}
                    onChange={(event) => setMax(Math.max(0, Number(event.target.value) || 0))}
                    className={inputClass}
                  />
                </div>
              </div>
            </fieldset>
            <div className="flex items-center gap-3">
              <button
                type="submit"
                className="h-11 flex-1 rounded-full bg-primary px-5 font-semibold text-primary-ink hover:bg-primary-strong"
              >
                {t('filter.apply')}
              </button>
              {active && (
                <button
                  type="button"
                  onClick={() => go({})}
                  className="h-11 rounded-full px-4 text-sm font-semibold text-muted hover:text-ink"
                >
                  {t('filter.clear')}
                </button>
              )}
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
