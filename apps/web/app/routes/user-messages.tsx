import {
  messageChannels,
  messageKinds,
  messagePreferencesUpdateSchema,
  type MessageChannel,
  type MessageKind,
} from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/user-messages';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { requireUser, signedInOrLogin } from '../features/auth/session.server.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useTranslation } from '../lib/use-translation.ts';

const PATH = '/user/messages';
const boxName = (kind: MessageKind, channel: MessageChannel) => `${kind}.${channel}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, preferences] = await Promise.all([serverT(requestLang(request)), store.messagePreferences()]);
  return {
    seo: {
      title: t('account:messages.title'),
      description: t('account:messages.description'),
      path: PATH,
      noindex: true,
    },
    preferences,
  };
}

/**
 * The one form of the page: a box per kind and channel. A box left unticked is not posted, so
 * every box of the form is read as ticked or not and saved together.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireUser(request, context);
  const result = await submitAction(request, {
    schema: messagePreferencesUpdateSchema,
    input: (values) => ({
      choices: messageKinds.flatMap((kind) =>
        messageChannels.map((channel) => ({
          kind,
          channel,
          enabled: values[boxName(kind, channel)] === 'on',
        })),
      ),
    }),
    run: async (input) => signedInOrLogin(request, await store.saveMessagePreferences(input)),
  });
  return answerForm(request, result, { back: localizePath(PATH, requestLang(request)) });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { Form, formRef, busy } = useActionForm({ serverAnswer: useActionData<typeof action>() });
  const preferences = loaderData.preferences;
  if (!preferences) return null;
  const on = (kind: MessageKind, channel: MessageChannel) =>
    preferences.choices.find((c) => c.kind === kind && c.channel === channel)?.enabled ?? false;
  return (
    <>
      <PageHeader title={t('messages.title')} />
      <p className="mb-4 text-sm text-muted">{t('messages.intro')}</p>
      <Form method="post" ref={formRef} className="grid gap-6">
        <div className="overflow-x-auto rounded-2xl border border-line">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('messages.title')}</caption>
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="p-3 text-start font-semibold">
                  {t('messages.kind')}
                </th>
                {messageChannels.map((channel) => (
                  <th key={channel} scope="col" className="p-3 text-center font-semibold">
                    {t(`messages.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {messageKinds.map((kind) => (
                <tr key={kind} className="border-t border-line">
                  <th scope="row" className="p-3 text-start font-normal">
                    {t(`messages.kinds.${kind}`)}
                  </th>
                  {messageChannels.map((channel) => (
                    <td key={channel} className="p-3 text-center">
                      <input
                        type="checkbox"
                        name={boxName(kind, channel)}
                        defaultChecked={on(kind, channel)}
                        aria-label={t('messages.box', {
                          kind: t(`messages.kinds.${kind}`),
                          channel: t(`messages.channels.${channel}`),
                        })}
                        className="size-5 accent-primary"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">{t('messages.emailTo')}</dt>
          <dd className="font-semibold break-all">{preferences.email}</dd>
          <dt className="text-muted">{t('messages.phoneTo')}</dt>
          <dd className="font-semibold">
            <span dir="ltr">{preferences.phone}</span>
          </dd>
        </dl>
        <div>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex h-11 items-center rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong disabled:opacity-60"
          >
            {t('messages.save')}
          </button>
        </div>
      </Form>
    </>
  );
}
