import { useCallback, useRef, useState } from 'react';
import { focusField, type FormError } from './form-errors.ts';
import { notify } from './toast.ts';

/**
 * The state every shopper form keeps: its element, the one error it shows, and whether it is
 * waiting for the server. `fail` shows an error the same way everywhere: under its field, as a
 * toast, and with focus moved to the field.
 */
export function useFormFeedback(initial: FormError | null = null) {
  const formRef = useRef<HTMLFormElement>(null);
  // `initial`: what the page's action answered to a form posted without JavaScript.
  const [error, setError] = useState<FormError | null>(initial);
  const [busy, setBusy] = useState(false);
  const fail = useCallback((failure: FormError) => {
    setError(failure);
    notify.error(failure.message);
    focusField(formRef.current, failure.field);
  }, []);
  return { formRef, error, setError, busy, setBusy, fail };
}
