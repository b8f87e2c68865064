import { ShopLink } from '../../../components/ui/shop-link.tsx';

/** The shop mark and name, linking home. */
export function Logo({ name }: { name: string }) {
  return (
    <ShopLink to="/" className="flex shrink-0 items-center gap-2 font-bold text-ink">
      <svg viewBox="0 0 32 32" className="size-9" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
        <path
          d="M9 11h14v10H9zM13 24h6M16 21v3"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-base leading-tight sm:text-lg">{name}</span>
    </ShopLink>
  );
}
