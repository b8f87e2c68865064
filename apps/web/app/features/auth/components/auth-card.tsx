import type { ReactNode } from 'react';

/**
 * The frame of the login, registration and password pages, and of the back office's pages
 * before signing in: a centred card under a heading. `main` when it is the page's main content.
 */
export function AuthCard({
  title,
  lead,
  main = false,
  children,
}: {
  title: string;
  lead?: string;
  main?: boolean;
  children: ReactNode;
}) {
  const Frame = main ? 'main' : 'div';
  return (
    <Frame id={main ? 'main' : undefined} className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {lead ? <p className="mt-2 text-sm text-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </Frame>
  );
}
