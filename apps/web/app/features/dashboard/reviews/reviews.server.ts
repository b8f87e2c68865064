import { reviewIdParams, reviewReplySchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { answerForm, readForm, submitAction } from '../../../lib/form-action.server.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';
import { askToConfirm, confirmError } from '../confirm.server.ts';

const replyAction = reviewIdParams.extend(reviewReplySchema.shape);

/**
 * The reviews queue's forms, told apart by `intent`, each for one review (`id`): approve, hide
 * (asked first: it takes the review off the product page and out of its average), and reply.
 * Each change is the shop's (`bo.reviews`), which writes the audit entry; an error is answered
 * to the row's form that posted it.
 */
export async function reviewsAction(request: Request, context: AppLoadContext) {
  const lang = requestLang(request);
  const reviews = context.backOffice(lang).reviews;
  const read = await readForm(request);
  const { values } = read;
  if (values.intent === 'hide') {
    const ask = askToConfirm(values);
    if (ask) return ask;
  }
  const back = `${localizePath('/dashboard/reviews', lang)}${new URL(request.url).search}`;
  const run = (change: (id: string, reply: string) => ReturnType<typeof reviews.approve>) =>
    submitAction(request, { schema: replyAction, run: ({ id, reply }) => change(id, reply) }, read);
  const result =
    values.intent === 'approve'
      ? await run((id) => reviews.approve(id))
      : values.intent === 'hide'
        ? await run((id) => reviews.hide(id))
        : await run((id, reply) => reviews.reply(id, { reply }));
  return result.ok ? answerForm(request, result, { back }) : confirmError(values, result.error);
}
