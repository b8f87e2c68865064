import {
  messageChannels,
  messageEvents,
  messageTemplateEditSchema,
  messageTemplateKeySchema,
  type MessageChannel,
  type MessageEvent,
  type MessagePreview,
  type MessageTemplate,
} from '@shop/contract';
import { data, Form as PlainForm, useActionData } from 'react-router';
import type { Route } from './+types/dashboard-messages';
import { inputClass, TextField } from '../components/ui/text-field.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { answerForm, readForm, submitAction } from '../lib/form-action.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

const PATH = '/dashboard/messages';

/** The template the page's address names (`?event=…&channel=…&lang=…`), else the first. */
function chosenKey(request: Request) {
  const query = new URL(request.url).searchParams;
  const parsed = messageTemplateKeySchema.safeParse({
    event: query.get('event') ?? 'order.paid',
    channel: query.get('channel') ?? 'email',
    lang: query.get('lang') ?? 'ar',
  });
  return parsed.success ? parsed.data : ({ event: 'order.paid', channel: 'email', lang: 'ar' } as const);
}

export async function loader(args: Route.LoaderArgs) {
  const { bo, me } = await requireMember(args);
  const key = chosenKey(args.request);
  const templates = await bo.messages.templates();
  const template = templates.find(
    (x) => x.event === key.event && x.channel === key.channel && x.lang === key.lang,
  )!;
  // The preview is rendered from the template alone (sample data): no further read.
  const preview = await bo.messages.preview(template);
  return {
    templates,
    template,
    preview: preview.ok ? preview.value : null,
    isOwner: me.staff.role === 'owner',
  };
}

type Answer = FormAnswer & {
  preview?: MessagePreview;
  body?: string;
  subject?: string;
  whatsappName?: string;
};

/**
 * The template form's three buttons: preview (nothing saved; the text typed comes back with
 * its rendering), save and reset (owners). Without JavaScript the preview is answered as the
 * page itself, with the text as typed.
 */
export async function action(args: Route.ActionArgs) {
  const { bo } = await requireMember(args);
  const { request } = args;
  const read = await readForm(request);
  const intent = read.values.intent;
  const back = `${localizePath(PATH, requestLang(request))}${new URL(request.url).search}`;
  if (intent === 'reset') {
    const result = await submitAction(
      request,
      { schema: messageTemplateKeySchema, run: (key) => bo.messages.resetTemplate(key) },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === 'save') {
    const result = await submitAction(
      request,
      {
        schema: messageTemplateEditSchema,
        errorField: 'body',
        run: (edit) => bo.messages.saveTemplate(edit),
      },
      read,
    );
    return answerForm(request, result, { back, extra: result.ok ? { preview: result.answer.preview } : {} });
  }
  const result = await submitAction(
    request,
    { schema: messageTemplateEditSchema, errorField: 'body', run: (edit) => bo.messages.preview(edit) },
    read,
  );
  const typed = {
    body: read.values.body,
    subject: read.values.subject,
    whatsappName: read.values.whatsappName,
  };
  if (!result.ok) return data<Answer>({ error: result.error, ...typed });
  return data<Answer>({ preview: result.answer, ...typed });
}

const selectClass = `${inputClass} pe-8`;

function Picker({ template }: { template: MessageTemplate }) {
  const { t } = useTranslation('dashboard-content');
  return (
    <PlainForm
      method="get"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-4 sm:items-end"
    >
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {t('messages.event')}
        <select name="event" defaultValue={template.event} className={selectClass}>
          {messageEvents.map((event) => (
            <option key={event} value={event}>
              {t(`messages.events.${event}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {t('messages.channel')}
        <select name="channel" defaultValue={template.channel} className={selectClass}>
          {messageChannels.map((channel) => (
            <option key={channel} value={channel}>
              {t(`messages.channels.${channel}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {t('messages.language')}
        <select name="lang" defaultValue={template.lang} className={selectClass}>
          <option value="ar">العربية</option>
          <option value="en">English</option>
        </select>
      </label>
      <button
        type="submit"
        className="h-12 rounded-xl border border-line px-4 font-semibold hover:border-primary"
      >
        {t('messages.open')}
      </button>
    </PlainForm>
  );
}

export default function DashboardMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-content');
  const { t: td } = useTranslation('dashboard');
  const { template, isOwner } = loaderData;
  const posted = useActionData<typeof action>() as Answer | undefined;
  const { Form, formRef, busy, errorFor, answer } = useActionForm<Answer>({ serverAnswer: posted });
  const preview = answer?.preview ?? loaderData.preview;
  const channel: MessageChannel = template.channel;
  const event: MessageEvent = template.event;
  const formKey = `${event}|${channel}|${template.lang}|${template.body}`;
  const button = 'h-11 rounded-full px-5 font-semibold disabled:opacity-60';
  return (
    <DashboardPage
      title={t('messages.title')}
      breadcrumbs={[{ label: td('nav.overview'), to: '/dashboard' }, { label: t('messages.title') }]}
    >
      <p className="text-sm text-muted">{t('messages.lead')}</p>
      <Picker template={template} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Form
          key={formKey}
          ref={formRef}
          method="post"
          noValidate
          className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-bold">
              {t(`messages.events.${event}`)} · {t(`messages.channels.${channel}`)} ·{' '}
              {template.lang === 'ar' ? 'العربية' : 'English'}
            </h2>
            <StatusBadge tone={template.edited ? 'info' : 'neutral'}>
              {t(template.edited ? 'messages.edited' : 'messages.default')}
            </StatusBadge>
          </div>
          <input type="hidden" name="event" value={event} />
          <input type="hidden" name="channel" value={channel} />
          <input type="hidden" name="lang" value={template.lang} />
          {channel === 'email' && (
            <TextField
              label={t('messages.subject')}
              name="subject"
              dir={template.lang === 'ar' ? 'rtl' : 'ltr'}
              defaultValue={posted?.subject ?? template.subject}
              error={errorFor('subject')}
              readOnly={!isOwner}
            />
          )}
          {channel === 'whatsapp' && (
            <TextField
              label={t('messages.whatsappName')}
              name="whatsappName"
              dir="ltr"
              hint={t('messages.whatsappHint', { first: '{{1}}', second: '{{2}}' })}
              defaultValue={posted?.whatsappName ?? template.whatsappName}
              error={errorFor('whatsappName')}
              readOnly={!isOwner}
            />
          )}
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {t('messages.body')}
            <textarea
              name="body"
              rows={channel === 'email' ? 12 : 5}
              dir={template.lang === 'ar' ? 'rtl' : 'ltr'}
              defaultValue={posted?.body ?? template.body}
              readOnly={!isOwner}
              aria-invalid={errorFor('body') ? true : undefined}
              className="w-full rounded-xl border border-line bg-white p-3 text-base font-normal outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-sale"
            />
          </label>
          {errorFor('body') && (
            <p role="alert" className="text-sm text-sale">
              {errorFor('body')}
            </p>
          )}
          <p className="text-xs text-muted">
            {t('messages.placeholders')}{' '}
            <span dir="ltr" className="font-mono">
              {template.placeholders.map((name) => `{${name}}`).join(' ')}
            </span>
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="preview"
              disabled={busy}
              className={`${button} border border-line hover:border-primary`}
            >
              {t('messages.preview')}
            </button>
            {isOwner && (
              <>
                <button
                  type="submit"
                  name="intent"
                  value="save"
                  disabled={busy}
                  className={`${button} bg-primary text-primary-ink hover:bg-primary-strong`}
                >
                  {t('messages.save')}
                </button>
                {template.edited && (
                  <button
                    type="submit"
                    name="intent"
                    value="reset"
                    disabled={busy}
                    className={`${button} border border-line hover:border-sale`}
                  >
                    {t('messages.reset')}
                  </button>
                )}
              </>
            )}
          </div>
          {!isOwner && <p className="text-sm text-muted">{t('messages.ownersOnly')}</p>}
        </Form>
        <section
          aria-labelledby="message-preview"
          className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-6"
        >
          <h2 id="message-preview" className="text-lg font-bold">
            {t('messages.previewTitle')}
          </h2>
          {preview ? (
            <div
              data-testid="message-preview"
              dir={template.lang === 'ar' ? 'rtl' : 'ltr'}
              lang={template.lang}
              className="flex flex-col gap-2 rounded-xl bg-white p-4"
            >
              {preview.subject && <p className="font-bold">{preview.subject}</p>}
              <p className="whitespace-pre-wrap break-words text-sm">{preview.text}</p>
              {preview.whatsapp && (
                <div dir="ltr" className="border-t border-line pt-2 text-start text-xs">
                  <p className="font-mono font-semibold">
                    {preview.whatsapp.name} · {template.lang}
                  </p>
                  <ol className="font-mono">
                    {preview.whatsapp.params.map((param, index) => (
                      <li key={index} className="break-all">
                        {`{{${index + 1}}}`} = {param}
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </div>
          ) : (
            <p className="text-muted">{t('messages.noPreview')}</p>
          )}
        </section>
      </div>
    </DashboardPage>
  );
}
