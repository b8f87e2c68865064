import type { Product } from '@shop/contract';
import { lazy } from 'react';
import { Deferred } from '../../../components/ui/deferred.tsx';
import type { PriceRange } from '../api.ts';
import { isActive, PriceFilterLabel, priceTriggerClass } from './price-filter-label.tsx';

// The popover (Radix slider and positioning) comes with the first click (decision 033).
const loadPopover = () => import('./price-filter-popover.tsx');
const PriceFilterPopover = lazy(() => loadPopover().then((m) => ({ default: m.PriceFilterPopover })));

/** The price filter: the button; the popover with the range is loaded when it is opened. */
export function PriceFilter({ products, applied }: { products: Product[]; applied: PriceRange }) {
  return (
    <Deferred
      preload={loadPopover}
      button={(handlers) => (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={false}
          className={priceTriggerClass(isActive(applied))}
          {...handlers}
        >
          <PriceFilterLabel products={products} applied={applied} />
        </button>
      )}
    >
      <PriceFilterPopover products={products} applied={applied} />
    </Deferred>
  );
}
