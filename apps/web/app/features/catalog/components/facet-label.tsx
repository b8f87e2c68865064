import { Icon } from '../../../components/ui/icon.tsx';

/*
 * The facet button's look, shared by the button drawn before the menu is loaded
 * (facet-dropdown.tsx) and the menu's own trigger (facet-menu.tsx).
 */

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
