import { useActionData } from 'react-router';
import { useActionForm, type FormAnswer } from '../../lib/form-answer.ts';

/** A refused form's answer with what was typed, to fill the form again. */
export type KeptFormAnswer = FormAnswer & { values?: Record<string, string> };

/**
 * A form about one of the shopper's orders (`answerOrderForm` answers it): the action's form
 * and, after a refusal, the values that were typed (`kept`); once done it goes on to the order.
 */
export function useOrderForm() {
  const posted = useActionData<KeptFormAnswer>();
  const form = useActionForm<KeptFormAnswer>({ serverAnswer: posted, redirectAfterMs: 1200 });
  return { ...form, kept: form.answer?.values ?? {} };
}
