import type { StaffMember } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-staff';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { RowAction } from '../features/dashboard/components/row-action.tsx';
import { StatusBadge, type BadgeTone } from '../features/dashboard/components/status-badge.tsx';
import type { ConfirmAnswer } from '../features/dashboard/confirm.ts';
import { formatDateTime } from '../features/dashboard/format.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import {
  readStaffQuery,
  staffPage,
  staffStatuses,
  statusOf,
  type StaffStatus,
} from '../features/dashboard/staff-list.ts';
import { staffAction } from '../features/dashboard/staff.server.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader(args: Route.LoaderArgs) {
  const { me, bo } = await requireMember(args, { role: 'owner' });
  const query = readStaffQuery(args.request);
  const [all, security] = await Promise.all([bo.staff.list(), bo.staff.securitySettings()]);
  return { meId: me.staff.id, query, security, ...staffPage(all, query), anyMembers: all.length > 0 };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context }, { role: 'owner' });
  return staffAction(request, context);
}

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-6';
const statusTone: Record<StaffStatus, BadgeTone> = {
  active: 'success',
  disabled: 'danger',
  invited: 'warning',
};

function InviteForm() {
  const { t } = useTranslation('dashboard');
  const posted = useActionData() as ConfirmAnswer | undefined;
  const { Form, formRef, busy, errorFor } = useActionForm<ConfirmAnswer>({
    serverAnswer: posted && posted.confirmKey === undefined ? posted : undefined,
    onDone: (_answer) => formRef.current?.reset(),
  });
  return (
    <Form ref={formRef} method="post" noValidate className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <input type="hidden" name="intent" value="invite" />
      <TextField label={t('staff.name')} name="name" autoComplete="off" error={errorFor('name')} />
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="off"
        error={errorFor('email')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="invite-role" className="text-sm font-semibold">
          {t('account.role')}
        </label>
        <select
          id="invite-role"
          name="role"
          defaultValue="staff"
          className="h-12 rounded-xl border border-line bg-white px-4 focus:border-primary focus:outline-none"
        >
          <option value="staff">{t('roles.staff')}</option>
          <option value="owner">{t('roles.owner')}</option>
        </select>
      </div>
      <div className="md:col-span-3">
        <SubmitButton busy={busy}>{t('staff.invite')}</SubmitButton>
      </div>
    </Form>
  );
}

function MemberActions({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const { t } = useTranslation('dashboard');
  const named = (key: string) => t(key, { name: member.name });
  return (
    <div className="flex flex-wrap gap-2">
      {!isMe &&
        (member.disabled ? (
          <RowAction
            formKey={`enable:${member.id}`}
            fields={{ intent: 'enable', id: member.id }}
            label={t('staff.enable')}
            accessibleLabel={named('staff.enableNamed')}
          />
        ) : (
          <ConfirmAction
            confirmKey={`disable:${member.id}`}
            fields={{ intent: 'disable', id: member.id }}
            label={t('staff.disable')}
            accessibleLabel={named('staff.disableNamed')}
            question={named('staff.disableQuestion')}
            confirmLabel={t('staff.disable')}
          />
        ))}
      {member.totpEnabled && (
        <ConfirmAction
          confirmKey={`totp:${member.id}`}
          fields={{ intent: 'totpReset', id: member.id }}
          label={t('staff.resetTotp')}
          accessibleLabel={named('staff.resetTotpNamed')}
          question={named('staff.resetTotpQuestion')}
        />
      )}
      {!member.disabled && (
        <RowAction
          formKey={`link:${member.id}`}
          fields={{ intent: 'passwordLink', id: member.id }}
          label={t('staff.passwordLink')}
          accessibleLabel={named('staff.passwordLinkNamed')}
        />
      )}
    </div>
  );
}

function RoleCell({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const { t } = useTranslation('dashboard');
  const badge = (
    <StatusBadge tone={member.role === 'owner' ? 'info' : 'neutral'}>{t(`roles.${member.role}`)}</StatusBadge>
  );
  if (isMe) return badge;
  const other = member.role === 'owner' ? 'staff' : 'owner';
  return (
    <div className="flex flex-col items-start gap-2">
      {badge}
      <RowAction
        formKey={`role:${member.id}`}
        fields={{ intent: 'role', id: member.id, role: other }}
        label={t(other === 'owner' ? 'staff.makeOwner' : 'staff.makeStaff')}
        accessibleLabel={t(other === 'owner' ? 'staff.makeOwnerNamed' : 'staff.makeStaffNamed', {
          name: member.name,
        })}
      />
    </div>
  );
}

export default function DashboardStaff({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const { query, rows, total, security, meId, anyMembers } = loaderData;
  const columns: Column<StaffMember>[] = [
    {
      key: 'staff.name',
      header: t('staff.name'),
      sortKey: 'name',
      cell: (m) => (
        <span className="flex flex-col">
          <span>{m.name}</span>
          <span dir="ltr" className="text-xs font-normal text-muted">
            {m.email}
          </span>
        </span>
      ),
    },
    {
      key: 'account.role',
      header: t('account.role'),
      sortKey: 'role',
      cell: (m) => <RoleCell member={m} isMe={m.id === meId} />,
    },
    {
      key: 'staff.status',
      header: t('staff.status'),
      cell: (m) => (
        <StatusBadge tone={statusTone[statusOf(m)]}>{t(`staff.statuses.${statusOf(m)}`)}</StatusBadge>
      ),
    },
    {
      key: 'account.twoStep',
      header: t('account.twoStep'),
      cell: (m) => (
        <StatusBadge tone={m.totpEnabled ? 'success' : 'neutral'}>
          {t(m.totpEnabled ? 'account.on' : 'account.off')}
        </StatusBadge>
      ),
    },
    {
      key: 'staff.createdAt',
      header: t('staff.createdAt'),
      sortKey: 'createdAt',
      cell: (m) => formatDateTime(m.createdAt, lang),
    },
    {
      key: 'table.actions',
      header: t('table.actions'),
      cell: (m) => <MemberActions member={m} isMe={m.id === meId} />,
    },
  ];
  const filtered = Boolean(query.filters.q || query.filters.role || query.filters.status);
  return (
    <DashboardPage title={t('nav.staff')}>
      <section className={card} aria-labelledby="staff-invite">
        <h2 id="staff-invite" className="text-lg font-bold">
          {t('staff.inviteTitle')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('staff.inviteLead')}</p>
        <div className="mt-4">
          <InviteForm />
        </div>
      </section>
      <section className={card} aria-labelledby="staff-security">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="staff-security" className="text-lg font-bold">
            {t('staff.securityTitle')}
          </h2>
          <StatusBadge tone={security.totpRequired ? 'success' : 'neutral'}>
            {t(security.totpRequired ? 'staff.totpRequired' : 'staff.totpOptional')}
          </StatusBadge>
        </div>
        <p className="mt-1 text-sm text-muted">{t('staff.securityLead')}</p>
        <div className="mt-4">
          {security.totpRequired ? (
            <RowAction
              formKey="security"
              fields={{ intent: 'allowWithoutTotp' }}
              label={t('staff.allowWithoutTotp')}
            />
          ) : (
            <ConfirmAction
              confirmKey="security"
              fields={{ intent: 'requireTotp' }}
              label={t('staff.requireTotp')}
              question={t('staff.requireTotpQuestion')}
              tone="primary"
            />
          )}
        </div>
      </section>
      <section aria-labelledby="staff-list" className="flex flex-col gap-4">
        <h2 id="staff-list" className="text-lg font-bold">
          {t('staff.listTitle')}
        </h2>
        <FilterBar
          values={{ q: query.filters.q, role: query.filters.role, status: query.filters.status }}
          texts={[{ name: 'q', label: t('staff.search') }]}
          selects={[
            {
              name: 'role',
              label: t('account.role'),
              options: [
                { value: 'owner', label: t('roles.owner') },
                { value: 'staff', label: t('roles.staff') },
              ],
            },
            {
              name: 'status',
              label: t('staff.status'),
              options: staffStatuses.map((s) => ({ value: s, label: t(`staff.statuses.${s}`) })),
            },
          ]}
        />
        {rows.length === 0 ? (
          <EmptyState filtered={filtered && anyMembers} />
        ) : (
          <>
            <DataTable
              caption={t('staff.listTitle')}
              columns={columns}
              rows={rows}
              rowKey={(m) => m.id}
              sort={{ sort: query.sort, dir: query.dir }}
            />
            <Pager page={query.page} pageSize={query.pageSize} total={total} />
          </>
        )}
      </section>
    </DashboardPage>
  );
}
