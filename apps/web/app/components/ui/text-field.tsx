import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export const inputClass =
  'h-12 w-full rounded-xl border border-line bg-white px-4 text-base outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-sale';

/** A visible label, the input, and its error (announced and linked with aria-describedby). */
export function TextField({
  label,
  error,
  hint,
  end,
  ...input
}: {
  label: string;
  error?: string;
  hint?: string;
  /** A control inside the input's end edge (the password toggle). */
  end?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  // A field of a part of a page rendered on its own (the cart's, for a signed-in shopper) is
  // given its id: React's generated ids depend on where the part sits in the whole page.
  const generated = useId();
  const id = input.id ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} ${end ? 'pe-12' : ''}`}
          {...input}
        />
        {end ? <div className="absolute inset-y-0 end-1 flex items-center">{end}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A visible label, a text area for several lines (a shopper's words), its hint and its error. */
export function TextAreaField({
  label,
  error,
  hint,
  className = 'min-h-28',
  ...area
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(' ') || undefined}
        className={`${inputClass} h-auto py-3 ${className}`}
        {...area}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
