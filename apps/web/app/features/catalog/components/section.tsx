import type { ReactNode } from 'react';
import { ShopLink } from '../../../components/ui/shop-link.tsx';

/** A titled block of a page; `id` lets the home shortcuts scroll to it. */
export function Section({
  id,
  title,
  more,
  children,
}: {
  id?: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-28 py-8">
      <div className="mb-5 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {title}
        </h2>
        {more && (
          <ShopLink to={more.to} className="shrink-0 text-sm font-semibold text-primary hover:underline">
            {more.label}
          </ShopLink>
        )}
      </div>
      {children}
    </section>
  );
}
