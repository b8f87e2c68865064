import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/** While the request is pending the button is grey, disabled and shows a spinner. */
export function SubmitButton({
  busy,
  children,
  className = '',
  form,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  /** The id of the form it submits, when the button sits outside it. */
  form?: string;
}) {
  return (
    <button
      type="submit"
      form={form}
      disabled={busy}
      aria-busy={busy}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong disabled:cursor-wait disabled:bg-slate-400 disabled:text-white ${className}`}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
