import type { FormAnswer } from '../../lib/form-answer.ts';

/** My account's action answers: `enrol` while two-step verification is being turned on. */
export interface AccountAnswer extends FormAnswer {
  enrol?: { secret: string; qrDataUrl: string };
  confirmKey?: string;
  confirmStep?: boolean;
}
