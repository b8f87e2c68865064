import type { AuditEntry } from '@shop/contract';
import { z } from 'zod';
import type { Route } from './+types/dashboard-audit';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { changedFields } from '../features/dashboard/audit-view.ts';
import { formatDateTime } from '../features/dashboard/format.ts';
import { dateFilter, readListQuery, textFilter } from '../features/dashboard/list-query.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The log's filters as the page's query string gives them. */
function readAuditQuery(request: Request) {
  return readListQuery(request, {
    sorts: ['createdAt'],
    defaultSort: 'createdAt',
    defaultDir: 'desc',
    filters: z.object({
      staffId: z.uuid().optional().catch(undefined),
      action: textFilter,
      entityType: textFilter,
      entityId: textFilter,
      from: dateFilter,
      to: dateFilter,
    }),
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  const query = readAuditQuery(args.request);
  const { from, to, ...rest } = query.filters;
  // "To" is the last day shown: the log's `to` is exclusive, so the day after it.
  const toExclusive = to
    ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    : undefined;
  const [members, page] = await Promise.all([
    bo.staff.list(),
    bo.audit
      .page({
        ...rest,
        from,
        to: toExclusive,
        page: String(query.page),
        pageSize: String(query.pageSize),
      })
      .then(
        (result) => ({ result, rangeError: false }),
        (error: unknown) => {
          // A "from" after "to" is the member's typo: the page says so instead of failing.
          if (error instanceof Response && error.status === 400) return { result: null, rangeError: true };
          throw error;
        },
      ),
  ]);
  return {
    query,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email })),
    page: page.result,
    rangeError: page.rangeError,
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const readable = (value: string) => (ISO_INSTANT.test(value) ? formatDateTime(value, lang) : value);
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="flex min-w-48 flex-col gap-1 text-xs break-all">
      {changes.map((change) => (
        <div key={change.field} className="flex flex-wrap gap-x-1">
          {change.field && <dt className="font-semibold">{change.field}:</dt>}
          <dd className="flex flex-wrap gap-x-1">
            {change.before !== undefined && (
              <del className="text-sale">
                <span className="sr-only">{t('audit.before')}: </span>
                <bdi>{readable(change.before)}</bdi>
              </del>
            )}
            {change.before !== undefined && change.after !== undefined && (
              <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                →
              </span>
            )}
            {change.after !== undefined && (
              <ins className="text-emerald-800 no-underline">
                <span className="sr-only">{t('audit.after')}: </span>
                <bdi>{readable(change.after)}</bdi>
              </ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function DashboardAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const { query, members, page, rangeError } = loaderData;
  const filters = query.filters;
  const columns: Column<AuditEntry>[] = [
    {
      key: 'audit.when',
      header: t('audit.when'),
      cell: (e) => (
        <time dateTime={e.createdAt} className="whitespace-nowrap">
          {formatDateTime(e.createdAt, lang)}
        </time>
      ),
    },
    {
      key: 'audit.who',
      header: t('audit.who'),
      cell: (e) => (
        <span className="flex flex-col">
          <bdi>{e.actor}</bdi>
          {e.ip && (
            <span dir="ltr" className="text-xs text-muted">
              {e.ip}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'audit.action',
      header: t('audit.action'),
      cell: (e) => (
        <span className="flex flex-col">
          <span>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</span>
          <code dir="ltr" className="text-xs text-muted">
            {e.action}
          </code>
        </span>
      ),
    },
    {
      key: 'audit.entity',
      header: t('audit.entity'),
      cell: (e) => (
        <code dir="ltr" className="block min-w-44 text-xs break-all">
          {e.entityType}:{e.entityId}
        </code>
      ),
    },
    { key: 'audit.change', header: t('audit.change'), cell: (e) => <Change entry={e} /> },
  ];
  const filtered = Object.values(filters).some(Boolean);
  return (
    <DashboardPage title={t('nav.audit')}>
      <FilterBar
        values={filters}
        selects={[
          {
            name: 'staffId',
            label: t('audit.member'),
            options: members.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` })),
          },
        ]}
        texts={[
          { name: 'action', label: t('audit.action'), type: 'text' },
          { name: 'entityType', label: t('audit.entityType'), type: 'text' },
          { name: 'entityId', label: t('audit.entityId'), type: 'text' },
        ]}
        dateRange={{ from: 'from', to: 'to' }}
      />
      {rangeError || !page ? (
        <p role="alert" className="rounded-2xl border border-sale bg-red-50 p-4 font-semibold text-sale">
          {t('audit.rangeError')}
        </p>
      ) : page.items.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <>
          <DataTable
            caption={t('nav.audit')}
            columns={columns}
            rows={page.items}
            rowKey={(e) => String(e.id)}
          />
          <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </DashboardPage>
  );
}
