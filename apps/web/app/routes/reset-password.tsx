import { useTranslation } from '../lib/use-translation.ts';
import { resetPasswordSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/reset-password';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.tsx';
import { FormDone } from '../features/auth/components/form-done.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

export async function loader({ request }: Route.LoaderArgs) {
  const t = await serverT(requestLang(request));
  return {
    token: new URL(request.url).searchParams.get('token') ?? '',
    seo: {
      title: t('account:reset.title'),
      description: t('account:reset.lead'),
      path: '/reset-password',
      noindex: true,
    },
  };
}

/** The new password, with the token of the e-mailed link (in this page's address). */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.storeData(requestLang(request));
  const result = await submitAction(request, {
    schema: resetPasswordSchema,
    extra: { token: new URL(request.url).searchParams.get('token') ?? '' },
    run: (input) => store.resetPassword(input),
  });
  return answerForm(request, result);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const posted = useActionData<typeof action>();
  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
      {posted?.done !== undefined ? (
        <FormDone message={posted.done} toLogin />
      ) : loaderData.token ? (
        <ResetPasswordForm serverAnswer={posted} />
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-sale">
            {t('reset.missingToken')}
          </p>
          <ShopLink to="/forgot-password" className="font-semibold text-primary hover:underline">
            {t('forgot.title')}
          </ShopLink>
        </div>
      )}
    </AuthCard>
  );
}
