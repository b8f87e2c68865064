import type { ReactNode } from 'react';

/** The frame of the login, registration and password pages: a centred card under a heading. */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {lead ? <p className="mt-2 text-sm text-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
