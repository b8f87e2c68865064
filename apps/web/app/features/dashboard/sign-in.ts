import type { FormAnswer } from '../../lib/form-answer.ts';

/** The sign-in action's answer: with `challenge`, the page asks for the six-digit code. */
export interface SignInAnswer extends FormAnswer {
  challenge?: string;
}
