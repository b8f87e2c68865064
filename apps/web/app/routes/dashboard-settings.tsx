import { captureDeadlineActions, fulfilmentStatuses, type AdminSettings } from '@shop/contract';
import type { ReactNode } from 'react';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-settings';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { settingsAction } from '../features/dashboard/content/settings.server.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  return { settings: await bo.content.settings() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context }, { role: 'owner' });
  return settingsAction(request, context);
}

const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const grid = 'grid grid-cols-1 gap-4 md:grid-cols-2';
const weekDays = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'] as const;

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <fieldset className={card}>
      <legend className="sr-only">{title}</legend>
      <h2 className="text-lg font-bold" aria-hidden="true">
        {title}
      </h2>
      {lead && <p className="text-sm text-muted">{lead}</p>}
      {children}
    </fieldset>
  );
}

function PaymentKey({
  name,
  label,
  state,
  secret,
}: {
  name: string;
  label: string;
  state: AdminSettings['payments']['secretKey'] & { value?: string };
  secret: boolean;
}) {
  const { t } = useTranslation('dashboard-content');
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        name={name}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        dir="ltr"
        defaultValue={secret ? '' : (state.value ?? '')}
        placeholder={secret && state.set ? t('settings.secretSetPlaceholder') : ''}
        hint={secret ? t('settings.secretHint') : undefined}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge tone={state.set ? 'success' : 'neutral'}>
          {t(`settings.keySource.${state.source}`)}
        </StatusBadge>
        {state.source === 'saved' && (
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name={`remove_${name}`} value="1" className="size-4" />
            {t('settings.removeKey')}
          </label>
        )}
      </div>
    </div>
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-content');
  const { t: td } = useTranslation('dashboard');
  const s = loaderData.settings;
  const posted = useActionData() as FormAnswer | undefined;
  const { Form, formRef, busy, errorFor } = useActionForm<FormAnswer>({ serverAnswer: posted });
  return (
    <DashboardPage
      title={t('settings.title')}
      breadcrumbs={[{ label: td('nav.overview'), to: '/dashboard' }, { label: t('settings.title') }]}
    >
      <Form ref={formRef} method="post" noValidate className="flex flex-col gap-6">
        <Section title={t('settings.shop')}>
          <div className={grid}>
            <TextField
              label={t('settings.shopNameAr')}
              name="shopNameAr"
              defaultValue={s.shopName.ar}
              error={errorFor('shopNameAr')}
            />
            <TextField
              label={t('settings.shopNameEn')}
              name="shopNameEn"
              dir="ltr"
              defaultValue={s.shopName.en}
              error={errorFor('shopNameEn')}
            />
          </div>
        </Section>

        <Section title={t('settings.contact')} lead={t('settings.contactLead')}>
          <div className={grid}>
            {[0, 1, 2].map((i) => (
              <TextField
                key={i}
                label={t('settings.phone', { n: i + 1 })}
                name={`phone${i + 1}`}
                type="tel"
                dir="ltr"
                defaultValue={s.phones[i] ?? ''}
                error={errorFor(`phone${i + 1}`)}
              />
            ))}
            <TextField
              label={t('settings.email')}
              name="email"
              type="email"
              dir="ltr"
              defaultValue={s.email}
              error={errorFor('email')}
            />
            <TextField
              label={t('settings.whatsapp')}
              name="whatsapp"
              type="tel"
              dir="ltr"
              hint={t('settings.whatsappHint')}
              defaultValue={s.whatsapp}
              error={errorFor('whatsapp')}
            />
            <TextField
              label={t('settings.addressAr')}
              name="addressAr"
              defaultValue={s.address.ar}
              error={errorFor('addressAr')}
            />
            <TextField
              label={t('settings.addressEn')}
              name="addressEn"
              dir="ltr"
              defaultValue={s.address.en}
              error={errorFor('addressEn')}
            />
          </div>
        </Section>

        <Section title={t('settings.hours')}>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold">{t('settings.days')}</legend>
            <div className="flex flex-wrap gap-3">
              {weekDays.map((day) => (
                <label key={day} className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="days"
                    value={day}
                    defaultChecked={s.openingHours.days.includes(day)}
                    className="size-4"
                  />
                  {t(`settings.day.${day}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={grid}>
            <TextField
              label={t('settings.opens')}
              name="opens"
              type="time"
              dir="ltr"
              defaultValue={s.openingHours.opens}
              error={errorFor('opens')}
            />
            <TextField
              label={t('settings.closes')}
              name="closes"
              type="time"
              dir="ltr"
              defaultValue={s.openingHours.closes}
              error={errorFor('closes')}
            />
          </div>
        </Section>

        <Section title={t('settings.social')}>
          <div className={grid}>
            {(['x', 'instagram', 'snapchat', 'tiktok'] as const).map((network) => (
              <TextField
                key={network}
                label={t(`settings.network.${network}`)}
                name={`social_${network}`}
                type="url"
                dir="ltr"
                placeholder="https://"
                defaultValue={s.socialLinks[network] ?? ''}
                error={errorFor(`social_${network}`)}
              />
            ))}
          </div>
        </Section>

        <Section title={t('settings.shipping')} lead={t('settings.shippingLead')}>
          <div className={grid}>
            <TextField
              label={t('settings.shippingFee')}
              name="shippingFee"
              inputMode="decimal"
              dir="ltr"
              defaultValue={String(s.shippingFee)}
              error={errorFor('shippingFee')}
            />
            <TextField
              label={t('settings.freeShippingThreshold')}
              name="freeShippingThreshold"
              inputMode="decimal"
              dir="ltr"
              hint={t('settings.freeShippingHint')}
              defaultValue={s.freeShippingThreshold === null ? '' : String(s.freeShippingThreshold)}
              error={errorFor('freeShippingThreshold')}
            />
            <TextField
              label={t('settings.lowStockThreshold')}
              name="lowStockThreshold"
              inputMode="numeric"
              dir="ltr"
              hint={t('settings.lowStockHint')}
              defaultValue={String(s.lowStockThreshold)}
              error={errorFor('lowStockThreshold')}
            />
            <TextField
              label={t('settings.returnHours')}
              name="returnHours"
              inputMode="numeric"
              dir="ltr"
              hint={t('settings.returnHoursHint')}
              defaultValue={String(s.returnHours)}
              error={errorFor('returnHours')}
            />
            <TextField
              label={t('settings.abandonedCartHours')}
              name="abandonedCartHours"
              inputMode="numeric"
              dir="ltr"
              hint={t('settings.abandonedCartHoursHint')}
              defaultValue={String(s.abandonedCartHours)}
              error={errorFor('abandonedCartHours')}
            />
          </div>
          <div className="flex flex-col gap-1">
            <input type="hidden" name="nationalAddressRequired" value="0" />
            <label className="inline-flex items-center gap-2 font-semibold">
              <input
                type="checkbox"
                name="nationalAddressRequired"
                value="1"
                defaultChecked={s.nationalAddressRequired}
                aria-describedby="national-address-hint"
                className="size-4"
              />
              {t('settings.nationalAddressRequired')}
            </label>
            <p id="national-address-hint" className="text-xs text-muted">
              {t('settings.nationalAddressHint')}
            </p>
          </div>
        </Section>

        <Section title={t('settings.fulfilmentLabels')} lead={t('settings.fulfilmentLabelsLead')}>
          <div className={grid}>
            {fulfilmentStatuses.map((status) => (
              <div key={status} className="contents">
                <TextField
                  label={t('settings.fulfilmentLabel', { status: t(`settings.fulfilmentStatus.${status}`) })}
                  name={`label_${status}_ar`}
                  lang="ar"
                  dir="rtl"
                  maxLength={40}
                  defaultValue={s.fulfilmentLabels[status].ar}
                  error={errorFor(`label_${status}_ar`)}
                />
                <TextField
                  label={t('settings.fulfilmentLabelEn', {
                    status: t(`settings.fulfilmentStatus.${status}`),
                  })}
                  name={`label_${status}_en`}
                  lang="en"
                  dir="ltr"
                  maxLength={40}
                  defaultValue={s.fulfilmentLabels[status].en}
                  error={errorFor(`label_${status}_en`)}
                />
              </div>
            ))}
          </div>
        </Section>

        <Section title={t('settings.invoice')} lead={t('settings.invoiceLead')}>
          <div className={grid}>
            <TextField
              label={t('settings.sellerNameAr')}
              name="sellerNameAr"
              defaultValue={s.sellerName.ar}
              error={errorFor('sellerNameAr')}
            />
            <TextField
              label={t('settings.sellerNameEn')}
              name="sellerNameEn"
              dir="ltr"
              defaultValue={s.sellerName.en}
              error={errorFor('sellerNameEn')}
            />
            <TextField
              label={t('settings.taxNumber')}
              name="taxNumber"
              inputMode="numeric"
              dir="ltr"
              hint={t('settings.taxNumberHint')}
              defaultValue={s.taxNumber}
              error={errorFor('taxNumber')}
            />
            <TextField
              label={t('settings.commercialRegister')}
              name="commercialRegister"
              dir="ltr"
              defaultValue={s.commercialRegister}
              error={errorFor('commercialRegister')}
            />
          </div>
        </Section>

        <Section title={t('settings.paymentMethods')} lead={t('settings.paymentMethodsLead')}>
          {/* Tells the action the switches were on the page: none ticked then means all off. */}
          <input type="hidden" name="paymentMethodsShown" value="1" />
          <ul className="flex flex-col gap-3">
            {s.payments.methods.map((m) => (
              <li key={m.method} className="flex flex-wrap items-center gap-3">
                <label className="inline-flex items-center gap-2 font-semibold">
                  <input
                    type="checkbox"
                    name="paymentMethodsOn"
                    value={m.method}
                    defaultChecked={m.on}
                    className="size-4"
                  />
                  {t(`settings.method.${m.method}`)}
                </label>
                <StatusBadge tone={m.on && m.ready ? 'success' : 'neutral'}>
                  {t(
                    m.ready
                      ? m.on
                        ? 'settings.methodOffered'
                        : 'settings.methodOff'
                      : 'settings.methodNoKeys',
                  )}
                </StatusBadge>
              </li>
            ))}
          </ul>
          {errorFor('paymentMethodsOn') && (
            <p id="payment-methods-error" role="alert" className="text-sm font-medium text-sale">
              {errorFor('paymentMethodsOn')}
            </p>
          )}
        </Section>

        <Section title={t('settings.captureDeadline')} lead={t('settings.captureDeadlineLead')}>
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('settings.captureDeadline')}</legend>
            {captureDeadlineActions.map((action) => (
              <label key={action} className="inline-flex items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name="captureDeadlineAction"
                  value={action}
                  defaultChecked={s.captureDeadlineAction === action}
                  className="size-4"
                />
                {t(`settings.captureDeadlineActions.${action}`)}
              </label>
            ))}
          </fieldset>
        </Section>

        <Section
          title={t('settings.payments')}
          lead={t(s.payments.sandbox ? 'settings.paymentsSandbox' : 'settings.paymentsLive')}
        >
          <div className={grid}>
            <PaymentKey
              name="moyasarSecretKey"
              label={t('settings.secretKey')}
              state={s.payments.secretKey}
              secret
            />
            <PaymentKey
              name="moyasarPublishableKey"
              label={t('settings.publishableKey')}
              state={s.payments.publishableKey}
              secret={false}
            />
            <PaymentKey
              name="moyasarWebhookSecret"
              label={t('settings.webhookSecret')}
              state={s.payments.webhookSecret}
              secret
            />
          </div>
        </Section>

        <Section title={t('settings.tabbyKeys')} lead={t('settings.tabbyKeysLead')}>
          <div className={grid}>
            <PaymentKey
              name="tabbySecretKey"
              label={t('settings.secretKey')}
              state={s.payments.tabby.secretKey}
              secret
            />
            <PaymentKey
              name="tabbyMerchantCode"
              label={t('settings.tabbyMerchantCode')}
              state={s.payments.tabby.merchantCode}
              secret={false}
            />
            <PaymentKey
              name="tabbyWebhookSecret"
              label={t('settings.tabbyWebhookSecret')}
              state={s.payments.tabby.webhookSecret}
              secret
            />
          </div>
        </Section>

        <Section title={t('settings.tamaraKeys')} lead={t('settings.tamaraKeysLead')}>
          <div className={grid}>
            <PaymentKey
              name="tamaraApiToken"
              label={t('settings.tamaraApiToken')}
              state={s.payments.tamara.apiToken}
              secret
            />
            <PaymentKey
              name="tamaraNotificationKey"
              label={t('settings.tamaraNotificationKey')}
              state={s.payments.tamara.notificationKey}
              secret
            />
          </div>
        </Section>

        <Section title={t('settings.messageKeys')} lead={t('settings.messageKeysLead')}>
          <p className="flex flex-wrap gap-3 text-sm">
            <StatusBadge tone={s.messageKeys.sms.sandbox ? 'neutral' : 'success'}>
              {t(s.messageKeys.sms.sandbox ? 'settings.smsSandbox' : 'settings.smsLive')}
            </StatusBadge>
            <StatusBadge tone={s.messageKeys.whatsapp.sandbox ? 'neutral' : 'success'}>
              {t(s.messageKeys.whatsapp.sandbox ? 'settings.whatsappSandbox' : 'settings.whatsappLive')}
            </StatusBadge>
          </p>
          <div className={grid}>
            {s.messageKeys.keys.map((key) => (
              <PaymentKey
                key={key.name}
                name={key.name}
                label={t(`settings.messageKey.${key.name}`)}
                state={key}
                secret
              />
            ))}
          </div>
        </Section>

        <div>
          <SubmitButton busy={busy}>{t('settings.save')}</SubmitButton>
        </div>
      </Form>
    </DashboardPage>
  );
}
