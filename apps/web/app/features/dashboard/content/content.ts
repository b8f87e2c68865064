import type { InfoPageKind } from '@shop/contract';
import type { ConfirmAnswer } from '../confirm.ts';

/** The content page's action answers: a form's outcome, or an info page's preview. */
export interface ContentAnswer extends ConfirmAnswer {
  /** Both languages rendered and sanitized by the API, as the storefront will show them. */
  preview?: { kind: InfoPageKind; ar: string; en: string };
  /** What was typed, shown again with its preview (nothing is saved by a preview). */
  draft?: { kind: InfoPageKind; ar: string; en: string };
}
