import {
  adminContentPaths as paths,
  agentFormSchema,
  errorMessage,
  infoPageBodySchema,
  infoPageKinds,
  markdownPreviewAnswerSchema,
  okSchema,
  sliderFormSchema,
  type InfoPageKind,
  type Lang,
} from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { readAnswer, serverApi } from '../../../lib/api.ts';
import { formDone, formError, readForm } from '../../../lib/form-action.server.ts';
import { apiFormError, firstFormError, type FormError } from '../../../lib/form-errors.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';
import { askToConfirm, confirmError } from '../confirm.server.ts';
import { CONFIRM_KEY_FIELD } from '../confirm.ts';
import type { ContentAnswer } from './content.ts';

/** The files and fields of a posted form, as the multipart body the API reads. */
function forward(form: FormData, fields: string[], files: string[]): FormData {
  const body = new FormData();
  for (const name of fields) {
    const value = form.get(name);
    if (typeof value === 'string') body.set(name, value);
  }
  for (const name of files) {
    const file = form.get(name);
    if (file instanceof File && file.size > 0) body.set(name, file, file.name);
  }
  return body;
}

const isKind = (kind: string | undefined): kind is InfoPageKind =>
  (infoPageKinds as readonly string[]).includes(kind ?? '');

/**
 * The content page's forms, told apart by `intent`: slides (add, change, remove, move), agents
 * (add, change, remove, move) and info pages (preview, save). Removing asks first. Each change
 * is the API's call, which checks the member, writes the audit entry and refreshes the
 * storefront's caches.
 */
export async function contentAction(request: Request, context: AppLoadContext) {
  const lang: Lang = requestLang(request);
  const read = await readForm(request);
  const { form, values } = read;
  const api = serverApi(context, lang);
  const url = new URL(request.url);
  const back = `${localizePath('/dashboard/content', lang)}${url.search}`;
  const perRow = values[CONFIRM_KEY_FIELD] !== undefined;
  const fail = (error: FormError) => (perRow ? confirmError(values, error) : formError(error));

  const call = async (response: Response) => {
    try {
      const answer = await readAnswer(response, okSchema.pick({ message: true }));
      return formDone(request, { done: answer.message }, { back });
    } catch (failure) {
      const error = apiFormError(failure, lang);
      return fail({ ...error, field: error.field === 'body' ? undefined : error.field, refused: true });
    }
  };
  const checked = (schema: Parameters<typeof firstFormError>[0]) => firstFormError(schema, values, lang);
  const id = /^[0-9]{1,9}$/.test(values.id ?? '') ? values.id! : undefined;
  const ids = (values.ids ?? '')
    .split(',')
    .filter((v) => /^[0-9]{1,9}$/.test(v))
    .map(Number);

  switch (values.intent) {
    case 'addSlide':
    case 'updateSlide': {
      const invalid = checked(sliderFormSchema);
      if (invalid) return fail(invalid);
      const body = forward(form, ['linkAr', 'linkEn'], ['imageAr', 'imageEn']);
      if (values.intent === 'addSlide') {
        if (!body.has('imageAr'))
          return fail({ field: 'imageAr', message: errorMessage('SLIDER_IMAGE_REQUIRED', lang) });
        return call(await api.raw('POST', paths.sliders.build({}), { body }));
      }
      if (!id) return fail({ message: errorMessage('SLIDER_NOT_FOUND', lang) });
      return call(await api.raw('PUT', paths.slider.build({ id }), { body }));
    }
    case 'removeSlide':
    case 'removeAgent': {
      const ask = askToConfirm(values);
      if (ask) return ask;
      const slide = values.intent === 'removeSlide';
      if (!id) return fail({ message: errorMessage(slide ? 'SLIDER_NOT_FOUND' : 'AGENT_NOT_FOUND', lang) });
      return call(await api.raw('DELETE', (slide ? paths.slider : paths.agent).build({ id })));
    }
    case 'moveSlide':
    case 'moveAgent': {
      const path = values.intent === 'moveSlide' ? paths.sliderOrder : paths.agentOrder;
      return call(await api.raw('PUT', path.build({}), { body: { ids } }));
    }
    case 'addAgent':
    case 'updateAgent': {
      const invalid = checked(agentFormSchema);
      if (invalid) return fail(invalid);
      const body = forward(form, ['nameAr', 'nameEn', 'companyAr', 'companyEn', 'phone'], ['image']);
      if (values.intent === 'addAgent') {
        if (!body.has('image'))
          return fail({ field: 'image', message: errorMessage('AGENT_IMAGE_REQUIRED', lang) });
        return call(await api.raw('POST', paths.agents.build({}), { body }));
      }
      if (!id) return fail({ message: errorMessage('AGENT_NOT_FOUND', lang) });
      return call(await api.raw('PUT', paths.agent.build({ id }), { body }));
    }
    case 'previewPage':
    case 'savePage': {
      const kind = values.kind;
      if (!isKind(kind)) return formError({ message: errorMessage('NOT_FOUND', lang) });
      const invalid = checked(infoPageBodySchema);
      if (invalid) return formError(invalid);
      const body = { ar: values.ar ?? '', en: values.en ?? '' };
      if (values.intent === 'savePage')
        return call(await api.raw('PUT', paths.infoPage.build({ kind }), { body }));
      try {
        const preview = await api.post(paths.markdownPreview.build({}), markdownPreviewAnswerSchema, {
          body,
        });
        // The page shows the preview with what was typed, not what is saved.
        return data<ContentAnswer>({ preview: { kind, ...preview }, draft: { kind, ...body } });
      } catch (failure) {
        return formError(apiFormError(failure, lang));
      }
    }
    default:
      return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
  }
}
