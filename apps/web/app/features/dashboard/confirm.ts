import type { FormAnswer } from '../../lib/form-answer.ts';

/** The field a `ConfirmAction` posts: `1` once the member has said yes. */
export const CONFIRM_FIELD = 'confirm';
/** The field naming which `ConfirmAction` of the page posted (its `confirmKey`). */
export const CONFIRM_KEY_FIELD = 'confirmKey';

/** An action's answer to a `ConfirmAction`'s form. */
export interface ConfirmAnswer extends FormAnswer {
  /** Which `ConfirmAction` the answer is for. */
  confirmKey?: string;
  /** Not confirmed yet: the page shows the question, whose "yes" posts again with confirm=1. */
  confirmStep?: boolean;
  /**
   * What the member typed or ticked in the form before it asked (a note, a box), carried into
   * the question's "yes" post so nothing typed is lost on a page without JavaScript.
   */
  posted?: Record<string, string>;
}
