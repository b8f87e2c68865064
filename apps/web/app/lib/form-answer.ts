import { useEffect, useRef } from 'react';
import { useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router';
import { focusField, type FormError } from './form-errors.ts';
import { notify } from './toast.ts';

/**
 * What a form's route action answers: the one error to show, or the API's message and, when
 * the page goes on, where to (see `formDone` in form-action.server.ts). Actions may add fields
 * (the registered e-mail, the saved address).
 */
export interface FormAnswer {
  error?: FormError;
  done?: string;
  redirectTo?: string;
}

export interface ActionFormOptions<T extends FormAnswer> {
  /**
   * The page's `useActionData()`: the answer to this form when the browser posted it before
   * the page hydrated (or without JavaScript) and the server sent the page back with it.
   */
  serverAnswer?: T | undefined;
  /** Milliseconds between the success toast and loading `redirectTo` (the screen's timings). */
  redirectAfterMs?: number;
  /** How the API's refusal is toasted: a wrong password is a warning; the form's checks stay errors. */
  refusalTone?: 'error' | 'warning';
  /** The page shows the answer itself (the payment's outcome): no toasts. */
  quiet?: boolean;
  /** Runs once per successful answer, after its toast (close a dialog, fill another form). */
  onDone?: (answer: T) => void;
  /** Runs once per error answer, after its toast and focus (empty a password field). */
  onError?: (answer: T, form: HTMLFormElement | null) => void;
}

/**
 * The one way a shopper form talks to the server: a `fetcher.Form` that posts to a route
 * action. Before hydration (or without JavaScript) the same markup is a plain `<form
 * method="post">` to the same action. Hydrated, the answer arrives without a page load and is
 * shown here the same way for every form: the error under its field, as a toast, with focus
 * moved there; success as a toast, then `redirectTo` after `redirectAfterMs`. `busy` covers the
 * request and the wait before leaving, so the button stays pending until the page changes.
 */
export function useActionForm<T extends FormAnswer>(options: ActionFormOptions<T> = {}) {
  const fetcher = useFetcher<T>();
  const formRef = useRef<HTMLFormElement>(null);
  // Plain JSON both ways: what the action answered, as it answered it.
  const answer = (fetcher.data as T | undefined) ?? options.serverAnswer;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!answer) return;
    const { redirectAfterMs = 0, refusalTone = 'error', quiet = false, onDone, onError } = latest.current;
    if (answer.error) {
      if (!quiet) notify[answer.error.refused ? refusalTone : 'error'](answer.error.message);
      focusField(formRef.current, answer.error.field);
      onError?.(answer, formRef.current);
      return;
    }
    if (answer.done === undefined) return;
    if (!quiet) notify.success(answer.done);
    onDone?.(answer);
    const target = answer.redirectTo;
    if (!target) return;
    // A full load, so every part of the page (header, menus) is drawn for the new state.
    const timer = window.setTimeout(() => window.location.assign(target), redirectAfterMs);
    return () => window.clearTimeout(timer);
  }, [answer]);

  const leaving = Boolean(answer && !answer.error && answer.redirectTo);
  return {
    fetcher,
    Form: fetcher.Form,
    formRef,
    answer,
    busy: fetcher.state !== 'idle' || leaving,
    /** The message to show under the input named `field`, if the answer is about it. */
    errorFor: (field: string) => (answer?.error?.field === field ? answer.error.message : undefined),
  };
}

/**
 * A route's `shouldRevalidate` for pages whose forms leave them (log in, change the password,
 * delete the account): after an answer with `redirectTo` the page is not read again, because
 * it is about to be left after its delay, and reading it now (no longer logged in, or logged in
 * on the login page) would send the shopper elsewhere before the toast is read.
 */
export function unlessLeaving({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const answer = actionResult as FormAnswer | undefined;
  return answer?.redirectTo ? false : defaultShouldRevalidate;
}
