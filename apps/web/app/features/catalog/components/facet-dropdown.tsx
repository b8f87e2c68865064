import { lazy } from 'react';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

export interface Facet {
  id: number;
  name: string;
  image: string;
  to: string;
}

export const facetTriggerClass =
  'inline-flex h-11 max-w-full items-center gap-2 rounded-full border border-line px-3 text-sm font-semibold hover:border-primary data-[state=open]:border-primary';

/** The facet button's content: the chosen category or brand, with its image. */
export function FacetLabel({ label, selected }: { label: string; selected: Facet | undefined }) {
  return (
    <>
      {selected && (
        <img
          src={selected.image}
          alt=""
          width={28}
          height={28}
          className="size-7 rounded-full object-contain"
        />
      )}
      <span className="truncate">
        {label}: {selected?.name}
      </span>
      <Icon name="chevronDown" className="size-4 shrink-0" />
    </>
  );
}

// The menu (Radix, positioning) comes with the first click (decision 033).
const loadMenu = () => import('./facet-menu.tsx');
const FacetMenu = lazy(() => loadMenu().then((m) => ({ default: m.FacetMenu })));

/**
 * Spec §2: the category or brand dropdown, each with image and name. Choosing one opens its
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
