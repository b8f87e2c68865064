import { redirect, useActionData, useLocation } from 'react-router';
import type { Route } from './+types/dashboard-login';
import { SignInForm } from '../features/dashboard/components/sign-in-form.tsx';
import { SignedOutFrame } from '../features/dashboard/components/signed-out-frame.tsx';
import { dashboardNextTarget, NEXT_PARAM } from '../features/dashboard/paths.ts';
import { signInAction } from '../features/dashboard/sign-in.server.ts';
import type { SignInAnswer } from '../features/dashboard/sign-in.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** Signed in already: straight on to where the member was going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const me = await context.backOffice(lang).me();
  if (me) throw redirect(dashboardNextTarget(new URL(request.url).searchParams.get(NEXT_PARAM), lang));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

export { unlessLeaving as shouldRevalidate } from '../lib/form-answer.ts';

export default function DashboardLogin() {
  const { t } = useTranslation('dashboard');
  const { pathname, search } = useLocation();
  const posted = useActionData() as SignInAnswer | undefined;
  return (
    <SignedOutFrame title={t('login.title')} lead={t('login.lead')}>
      {/* The form posts to this page with its `next`, so a post comes back where it was going. */}
      <SignInForm action={`${pathname}${search}`} serverAnswer={posted} />
    </SignedOutFrame>
  );
}
