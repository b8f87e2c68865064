import { einvoiceOnboardBodySchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-einvoices-onboarding';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { EinvoiceUnitNotice } from '../features/dashboard/einvoices/einvoice-parts.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * Connecting the shop to ZATCA's Fatoora platform (owners): the OTP from the Fatoora portal and
 * the seller's registered details; the shop makes the key and CSR, passes the compliance checks
 * and stores the production certificate in one step, then the documents list shows the unit.
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  return { unit: await bo.einvoices.unit() };
}

export async function action(args: Route.ActionArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  const lang = requestLang(args.request);
  const result = await submitAction(args.request, {
    schema: einvoiceOnboardBodySchema,
    errorField: 'otp',
    run: (input) => bo.einvoices.onboard(input),
  });
  return answerForm(args.request, result, { redirectTo: localizePath('/dashboard/einvoices', lang) });
}

const FIELDS = [
  { name: 'legalName' },
  { name: 'vatNumber', ltr: true, numeric: true },
  { name: 'commercialRegister', ltr: true, numeric: true },
  { name: 'branch' },
  { name: 'businessCategory' },
] as const;

const ADDRESS = [
  { name: 'street' },
  { name: 'buildingNumber', ltr: true, numeric: true },
  { name: 'additionalNumber', ltr: true, numeric: true },
  { name: 'district' },
  { name: 'city' },
  { name: 'postalCode', ltr: true, numeric: true },
] as const;

export default function DashboardEinvoicesOnboarding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-einvoices');
  const posted = useActionData() as FormAnswer | undefined;
  const { Form, formRef, busy, errorFor } = useActionForm({ serverAnswer: posted, redirectAfterMs: 1200 });
  const { unit } = loaderData;
  const defaults = unit.sellerDefaults;
  const field = (f: { name: string; ltr?: boolean; numeric?: boolean }) => (
    <TextField
      key={f.name}
      label={t(`onboarding.${f.name}`)}
      name={f.name}
      defaultValue={defaults[f.name] ?? ''}
      autoComplete="off"
      {...(f.ltr ? { dir: 'ltr' } : {})}
      {...(f.numeric ? { inputMode: 'numeric' as const } : {})}
      error={errorFor(f.name)}
    />
  );
  return (
    <DashboardPage
      title={t('onboardingTitle')}
      breadcrumbs={[{ label: t('title'), to: '/dashboard/einvoices' }, { label: t('onboardingTitle') }]}
    >
      <EinvoiceUnitNotice unit={unit} onboardLink={false} />
      <section className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
        <p className="text-sm">{t('onboarding.intro')}</p>
        {unit.onboarded && <p className="text-sm font-semibold">{t('onboarding.replaces')}</p>}
        <Form ref={formRef} method="post" noValidate className="flex flex-col gap-4">
          <TextField
            label={t('onboarding.otp')}
            name="otp"
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint={t('onboarding.otpHint')}
            error={errorFor('otp')}
          />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{FIELDS.map(field)}</div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold">{t('onboarding.address')}</legend>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">{ADDRESS.map(field)}</div>
          </fieldset>
          <SubmitButton busy={busy}>{t('onboarding.submit')}</SubmitButton>
        </Form>
      </section>
    </DashboardPage>
  );
}
