import { optOutQuerySchema } from '@shop/contract';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/messages-opt-out';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useTranslation } from '../lib/use-translation.ts';

const FIELDS = ['u', 'k', 'c', 't', 's'] as const;

const linkFields = (request: Request) => {
  const query = new URL(request.url).searchParams;
  return Object.fromEntries(FIELDS.map((name) => [name, query.get(name) ?? ''])) as Record<
    (typeof FIELDS)[number],
    string
  >;
};

/**
 * The page of a message's opt-out link. Opening it changes nothing (a mail scanner follows links):
 * it says what the link would stop, and the shopper presses the button. A link whose signature
 * does not hold says so, and nothing changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const t = await serverT(lang);
  const seo = {
    title: t('account:optOut.title'),
    description: t('account:optOut.description'),
    path: '/messages/opt-out',
    noindex: true,
  };
  return { seo, link: await context.storeData(lang).optOutLink(linkFields(request)) };
}

/** The confirm button: the link's fields travel in the page's address, not in the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await submitAction(request, {
    schema: optOutQuerySchema.partial(),
    extra: linkFields(request),
    run: (input) => context.storeData(requestLang(request)).optOut(input),
  });
  return answerForm(request, answer);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function OptOutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { link } = loaderData;
  const what = link && {
    kind: t(`messages.kinds.${link.kind}`),
    channel: t(`messages.channels.${link.channel}`),
  };
  const manage = (
    <ShopLink to="/user/messages" className="font-semibold text-primary hover:underline">
      {t('optOut.manage')}
    </ShopLink>
  );
  if (posted?.done !== undefined && what)
    return (
      <AuthCard title={t('optOut.title')} lead={t('optOut.description')}>
        <p role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900">
          {t('optOut.done', what)}
        </p>
        {manage}
      </AuthCard>
    );
  if (!what || posted?.error)
    return (
      <AuthCard title={t('optOut.invalidTitle')} lead={t('optOut.description')}>
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-sale">
          {posted?.error?.message ?? t('optOut.invalid')}
        </p>
        {manage}
      </AuthCard>
    );
  return (
    <AuthCard title={t('optOut.title')} lead={t('optOut.confirm', what)}>
      <Form method="post" className="flex flex-col gap-4">
        <SubmitButton busy={busy}>{t('optOut.button')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
