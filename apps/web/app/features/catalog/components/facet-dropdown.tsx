import { lazy } from 'react';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { FacetLabel, facetTriggerClass, type Facet } from './facet-label.tsx';

// The menu (Radix, positioning) comes with the first click (decision 033).
const loadMenu = () => import('./facet-menu.tsx');
const FacetMenu = lazy(() => loadMenu().then((m) => ({ default: m.FacetMenu })));

/**
 * The category or brand dropdown, each with image and name. Choosing one opens its
 * list; its links carry no price, so switching resets the price filter.
 */
export function FacetDropdown({
  label,
  current,
  facets,
}: {
  label: string;
  current: number;
  facets: Facet[];
}) {
  const selected = facets.find((facet) => facet.id === current);
  return (
    <Deferred
      preload={loadMenu}
      button={(handlers) => (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={false}
          className={facetTriggerClass}
          {...handlers}
        >
          <FacetLabel label={label} selected={selected} />
        </button>
      )}
    >
      <FacetMenu label={label} current={current} facets={facets} />
    </Deferred>
  );
}
