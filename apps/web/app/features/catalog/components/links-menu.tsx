import { DropdownMenu } from 'radix-ui';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { chipClass, type MenuLink } from './shortcuts-bar.tsx';

/** A shortcut's menu of links with images (loaded on first use by ShortcutsBar), open from the start. */
export function LinksMenu({ label, items }: { label: string; items: MenuLink[] }) {
  const { dir } = useLang();
  return (
    <DropdownMenu.Root dir={dir} modal={false} defaultOpen>
      <DropdownMenu.Trigger className={chipClass}>
        {label}
        <Icon name="chevronDown" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-40 max-h-80 min-w-56 overflow-y-auto rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <ShopLink
                to={item.to}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
              >
                <img
                  src={item.image}
                  alt=""
                  width={28}
                  height={28}
                  className="size-7 rounded object-contain"
                />
                {item.name}
              </ShopLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
