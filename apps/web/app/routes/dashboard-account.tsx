import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-account';
import { PasswordField } from '../components/ui/password-field.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { accountAction } from '../features/dashboard/account.server.ts';
import type { AccountAnswer } from '../features/dashboard/account.ts';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { formatDateTime } from '../features/dashboard/format.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader(args: Route.LoaderArgs) {
  const { me } = await requireMember(args);
  return { me };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context });
  return accountAction(request, context);
}

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-6';

function TwoStep({ enabled, posted }: { enabled: boolean; posted: AccountAnswer | undefined }) {
  const { t } = useTranslation('dashboard');
  // A page posted without JavaScript comes back with one answer: each form takes its own.
  const mine = posted && posted.confirmKey === undefined ? posted : undefined;
  const codeRefused = Boolean(mine?.enrol && mine.error);
  const start = useActionForm<AccountAnswer>({
    serverAnswer: !enabled && !codeRefused ? mine : undefined,
  });
  const enrol = start.answer?.enrol;
  const confirm = useActionForm<AccountAnswer>({ serverAnswer: !enabled && codeRefused ? mine : undefined });
  const off = useActionForm<AccountAnswer>({ serverAnswer: enabled ? mine : undefined });
  // A wrong code answers with the QR code again: keep showing it.
  const shown = confirm.answer?.enrol ?? enrol;
  if (enabled)
    return (
      <off.Form ref={off.formRef} method="post" noValidate className="flex max-w-sm flex-col gap-4">
        <input type="hidden" name="intent" value="disable" />
        <p className="text-sm text-muted">{t('account.turnOffLead')}</p>
        <PasswordField
          label={t('account.password')}
          name="password"
          autoComplete="current-password"
          error={off.errorFor('password')}
        />
        <TextField
          label={t('login.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={off.errorFor('code')}
        />
        <SubmitButton busy={off.busy}>{t('account.turnOff')}</SubmitButton>
      </off.Form>
    );
  if (shown && !confirm.answer?.done)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('account.scanLead')}</p>
        {shown.qrDataUrl && (
          <img
            src={shown.qrDataUrl}
            alt={t('account.qrAlt')}
            width={200}
            height={200}
            className="size-50 rounded-lg border border-line"
          />
        )}
        <p className="text-sm">
          {t('account.secretLabel')}{' '}
          <code dir="ltr" className="rounded bg-surface px-2 py-1 font-mono break-all">
            {shown.secret}
          </code>
        </p>
        <confirm.Form ref={confirm.formRef} method="post" noValidate className="flex max-w-sm flex-col gap-4">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="secret" value={shown.secret} />
          <input type="hidden" name="qrDataUrl" value={shown.qrDataUrl} />
          <TextField
            label={t('login.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            error={confirm.errorFor('code')}
          />
          <SubmitButton busy={confirm.busy}>{t('account.confirm')}</SubmitButton>
        </confirm.Form>
      </div>
    );
  return (
    <start.Form ref={start.formRef} method="post" className="flex flex-col items-start gap-3">
      <input type="hidden" name="intent" value="enrol" />
      <p className="text-sm text-muted">{t('account.turnOnLead')}</p>
      <SubmitButton busy={start.busy}>{t('account.turnOn')}</SubmitButton>
    </start.Form>
  );
}

export default function DashboardAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const { me } = loaderData;
  const posted = useActionData() as AccountAnswer | undefined;
  return (
    <DashboardPage title={t('nav.account')}>
      {me.totpSetupRequired && (
        <p
          role="alert"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900"
        >
          {t('account.setupRequired')}
        </p>
      )}
      <section className={card} aria-labelledby="account-who">
        <h2 id="account-who" className="text-lg font-bold">
          {t('account.who')}
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted">{t('account.name')}</dt>
          <dd className="font-semibold">{me.staff.name}</dd>
          <dt className="text-muted">{t('login.email')}</dt>
          <dd className="font-semibold">
            <span dir="ltr">{me.staff.email}</span>
          </dd>
          <dt className="text-muted">{t('account.role')}</dt>
          <dd>
            <StatusBadge tone={me.staff.role === 'owner' ? 'info' : 'neutral'}>
              {t(`roles.${me.staff.role}`)}
            </StatusBadge>
          </dd>
          <dt className="text-muted">{t('account.idleEnds')}</dt>
          <dd>{formatDateTime(me.idleExpiresAt, lang)}</dd>
          <dt className="text-muted">{t('account.sessionEnds')}</dt>
          <dd>{formatDateTime(me.expiresAt, lang)}</dd>
        </dl>
      </section>
      <section className={card} aria-labelledby="account-two-step">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="account-two-step" className="text-lg font-bold">
            {t('account.twoStep')}
          </h2>
          <StatusBadge tone={me.staff.totpEnabled ? 'success' : 'warning'}>
            {t(me.staff.totpEnabled ? 'account.on' : 'account.off')}
          </StatusBadge>
        </div>
        <div className="mt-4">
          <TwoStep key={String(me.staff.totpEnabled)} enabled={me.staff.totpEnabled} posted={posted} />
        </div>
      </section>
      <section className={card} aria-labelledby="account-sessions">
        <h2 id="account-sessions" className="text-lg font-bold">
          {t('account.sessions')}
        </h2>
        <p className="mt-2 text-sm text-muted">{t('account.everywhereLead')}</p>
        <div className="mt-4">
          <ConfirmAction
            confirmKey="sign-out-everywhere"
            fields={{ intent: 'signOutEverywhere' }}
            label={t('account.everywhere')}
            question={t('account.everywhereQuestion')}
          />
        </div>
      </section>
    </DashboardPage>
  );
}
