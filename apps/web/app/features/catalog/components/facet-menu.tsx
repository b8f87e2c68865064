import { DropdownMenu } from 'radix-ui';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { FacetLabel, facetTriggerClass, type Facet } from './facet-label.tsx';

/** The category or brand menu (loaded on first use by FacetDropdown), open from the start. */
export function FacetMenu({ label, current, facets }: { label: string; current: number; facets: Facet[] }) {
  const { dir } = useLang();
  const selected = facets.find((facet) => facet.id === current);
  return (
    <DropdownMenu.Root dir={dir} modal={false} defaultOpen>
      <DropdownMenu.Trigger className={facetTriggerClass}>
        <FacetLabel label={label} selected={selected} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-40 max-h-96 w-72 max-w-[calc(100vw-24px)] overflow-y-auto rounded-2xl border border-line bg-white p-1 shadow-lg"
        >
          {facets.map((facet) => (
            <DropdownMenu.Item key={facet.id} asChild>
              <ShopLink
                to={facet.to}
                aria-current={facet.id === current ? 'page' : undefined}
                className="flex items-center gap-3 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface aria-[current=page]:font-bold aria-[current=page]:text-primary"
              >
                <img
                  src={facet.image}
                  alt=""
                  width={36}
                  height={36}
                  className="size-9 rounded-lg object-contain"
                />
                {facet.name}
              </ShopLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
