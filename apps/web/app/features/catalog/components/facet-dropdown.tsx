import { DropdownMenu } from 'radix-ui';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useLang } from '../../../lib/use-lang.ts';

export interface Facet {
  id: number;
  name: string;
  image: string;
  to: string;
}

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
  const { dir } = useLang();
  const selected = facets.find((facet) => facet.id === current);
  return (
    <DropdownMenu.Root dir={dir} modal={false}>
      <DropdownMenu.Trigger className="inline-flex h-11 max-w-full items-center gap-2 rounded-full border border-line px-3 text-sm font-semibold hover:border-primary data-[state=open]:border-primary">
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
