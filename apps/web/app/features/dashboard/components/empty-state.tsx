import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';

/** What a list shows with no rows: why (nothing yet, or the filters), and what to do. */
export function EmptyState({
  filtered = false,
  message,
  action,
}: {
  /** The list has filters on: say so, instead of "nothing yet". */
  filtered?: boolean;
  message?: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-white px-4 py-12 text-center"
    >
      <p className="text-muted">{message ?? t(filtered ? 'states.emptyFiltered' : 'states.empty')}</p>
      {action}
    </div>
  );
}
