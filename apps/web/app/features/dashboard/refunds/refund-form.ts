import type { ConfirmAnswer } from '../confirm.ts';

/** The `confirmKey` of the refund page's one confirmed action. */
export const REFUND_CONFIRM_KEY = 'refund';

/** The refund action's answer: the confirm step or an error carry the posted refund to show again. */
export interface RefundAnswerData extends ConfirmAnswer {
  review?: Record<string, string>;
}
