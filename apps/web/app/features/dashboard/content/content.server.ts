import {
  agentFormSchema,
  contentOrderSchema,
  errorMessage,
  infoPageBodySchema,
  infoPageKinds,
  sliderFormSchema,
  type InfoPageKind,
  type Lang,
} from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  answerForm,
  formError,
  postedFile,
  readForm,
  submitAction,
} from '../../../lib/form-action.server.ts';
import { firstFormError, type FormError } from '../../../lib/form-errors.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';
import { askToConfirm, confirmError } from '../confirm.server.ts';
import { CONFIRM_KEY_FIELD } from '../confirm.ts';
import type { ContentAnswer } from './content.ts';

const isKind = (kind: string | undefined): kind is InfoPageKind =>
  (infoPageKinds as readonly string[]).includes(kind ?? '');

/** A slide's two image fields as the form posted them. */
const slideImages = (form: FormData) => ({
  imageAr: postedFile(form, 'imageAr'),
  imageEn: postedFile(form, 'imageEn'),
});

/**
 * The content page's forms, told apart by `intent`: slides (add, change, remove, move), agents
 * (add, change, remove, move) and info pages (preview, save). Removing asks first. Each change
 * is the shop's (`bo.content`), which checks the member, stores the images, writes the audit
 * entry and refreshes the storefront's caches.
 */
export async function contentAction(request: Request, context: AppLoadContext) {
  const lang: Lang = requestLang(request);
  const content = context.backOffice(lang).content;
  const read = await readForm(request);
  const { values } = read;
  const back = `${localizePath('/dashboard/content', lang)}${new URL(request.url).search}`;
  const perRow = values[CONFIRM_KEY_FIELD] !== undefined;
  const fail = (error: FormError) => (perRow ? confirmError(values, error) : formError(error));
  const finish = (result: Parameters<typeof answerForm>[1]) =>
    result.ok ? answerForm(request, result, { back }) : fail(result.error);
  const id = /^[0-9]{1,9}$/.test(values.id ?? '') ? Number(values.id) : undefined;
  const ids = (values.ids ?? '')
    .split(',')
    .filter((v) => /^[0-9]{1,9}$/.test(v))
    .map(Number);

  switch (values.intent) {
    case 'addSlide':
      return finish(
        await submitAction(
          request,
          { schema: sliderFormSchema, run: (input, form) => content.addSlide(input, slideImages(form)) },
          read,
        ),
      );
    case 'updateSlide':
      if (!id) return fail({ message: errorMessage('SLIDER_NOT_FOUND', lang) });
      return finish(
        await submitAction(
          request,
          { schema: sliderFormSchema, run: (input, form) => content.saveSlide(id, input, slideImages(form)) },
          read,
        ),
      );
    case 'addAgent':
      return finish(
        await submitAction(
          request,
          {
            schema: agentFormSchema,
            run: (input, form) => content.addAgent(input, postedFile(form, 'image')),
          },
          read,
        ),
      );
    case 'updateAgent':
      if (!id) return fail({ message: errorMessage('AGENT_NOT_FOUND', lang) });
      return finish(
        await submitAction(
          request,
          {
            schema: agentFormSchema,
            run: (input, form) => content.saveAgent(id, input, postedFile(form, 'image')),
          },
          read,
        ),
      );
    case 'removeSlide':
    case 'removeAgent': {
      const ask = askToConfirm(values);
      if (ask) return ask;
      const slide = values.intent === 'removeSlide';
      if (!id) return fail({ message: errorMessage(slide ? 'SLIDER_NOT_FOUND' : 'AGENT_NOT_FOUND', lang) });
      const run = () => (slide ? content.removeSlide(id) : content.removeAgent(id));
      return finish(await submitAction(request, { schema: z.object({}), run }, read));
    }
    case 'moveSlide':
    case 'moveAgent': {
      const slides = values.intent === 'moveSlide';
      const run = ({ ids: order }: { ids: number[] }) =>
        slides ? content.orderSlides(order) : content.orderAgents(order);
      return finish(
        await submitAction(request, { schema: contentOrderSchema, input: () => ({ ids }), run }, read),
      );
    }
    case 'previewPage':
    case 'savePage': {
      const kind = values.kind;
      if (!isKind(kind)) return formError({ message: errorMessage('NOT_FOUND', lang) });
      if (values.intent === 'savePage')
        return finish(
          await submitAction(
            request,
            { schema: infoPageBodySchema, run: (body) => content.saveInfoPage(kind, body) },
            read,
          ),
        );
      const invalid = firstFormError(infoPageBodySchema, values, lang);
      if (invalid) return formError(invalid);
      const body = { ar: values.ar ?? '', en: values.en ?? '' };
      const preview = await content.previewInfoPage(body);
      // The page shows the preview with what was typed, not what is saved.
      return data<ContentAnswer>({ preview: { kind, ...preview }, draft: { kind, ...body } });
    }
    default:
      return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
  }
}
