import { useTranslation } from '../lib/use-translation.ts';
import { forgotPasswordSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/forgot-password';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

export async function loader({ request }: Route.LoaderArgs) {
  const t = await serverT(requestLang(request));
  return {
    seo: {
      title: t('account:forgot.title'),
      description: t('account:forgot.lead'),
      path: '/forgot-password',
      noindex: true,
    },
  };
}

/** Asks the shop for a reset link: the same answer whether or not the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.storeData(requestLang(request));
  const result = await submitAction(request, {
    schema: forgotPasswordSchema,
    errorField: 'userEmail',
    run: (input) => store.requestPasswordReset(input),
  });
  return answerForm(request, result);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const posted = useActionData<typeof action>();
  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')}>
      <ForgotPasswordForm serverAnswer={posted} />
      <ShopLink to="/login" className="mt-6 inline-block text-sm font-semibold text-primary hover:underline">
        {t('forgot.backToLogin')}
      </ShopLink>
    </AuthCard>
  );
}
