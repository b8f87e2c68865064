import type { ReactNode } from 'react';

/**
 * A destructive action behind a second, explicit step that needs no JavaScript: the first button
 * (a native disclosure) opens the warning and the button that really posts. Keyboard and screen
 * readers use it as they use any disclosure.
 */
export function ConfirmStep({
  label,
  warning,
  children,
}: {
  /** The first button's text ("Delete"). */
  label: string;
  warning: string;
  /** The form that does it, with its submit button. */
  children: ReactNode;
}) {
  return (
    <details className="group rounded-xl border border-line open:border-sale/60 open:bg-sale/5">
      <summary className="inline-flex h-11 cursor-pointer list-none items-center rounded-xl px-4 font-semibold text-sale hover:bg-sale/10 focus-visible:outline-2 focus-visible:outline-sale">
        {label}
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">
        <p className="text-sm">{warning}</p>
        {children}
      </div>
    </details>
  );
}
