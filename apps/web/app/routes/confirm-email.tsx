import { confirmEmailSchema } from '@shop/contract';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/confirm-email';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { FormDone } from '../features/auth/components/form-done.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The page of the link sent to a new e-mail address. Opening it changes nothing: the shopper
 * presses the button (a form posted to this page's action), so a mail scanner that follows
 * links cannot confirm an address on its owner's behalf.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const t = await serverT(requestLang(request));
  return {
    hasToken: Boolean(new URL(request.url).searchParams.get('token')),
    seo: {
      title: t('account:confirmEmail.title'),
      description: t('account:confirmEmail.lead'),
      path: '/confirm-email',
      noindex: true,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = context.storeData(requestLang(request));
  const result = await submitAction(request, {
    schema: confirmEmailSchema,
    extra: { token: new URL(request.url).searchParams.get('token') ?? '' },
    run: (input) => store.confirmEmail(input),
  });
  return answerForm(request, result);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard title={t('confirmEmail.title')} lead={t('confirmEmail.lead')}>
      {posted?.done !== undefined ? (
        <FormDone message={posted.done} toLogin />
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          {(posted?.error || !loaderData.hasToken) && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-sale">
              {posted?.error?.message ?? t('confirmEmail.missingToken')}
            </p>
          )}
          {loaderData.hasToken && <SubmitButton busy={busy}>{t('confirmEmail.submit')}</SubmitButton>}
        </Form>
      )}
    </AuthCard>
  );
}
