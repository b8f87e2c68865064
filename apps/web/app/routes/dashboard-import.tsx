import { adminContentPaths, importJobStatusValues, type ImportJob } from '@shop/contract';
import { useActionData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/dashboard-import';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { StatusBadge, type BadgeTone } from '../features/dashboard/components/status-badge.tsx';
import { importAction } from '../features/dashboard/content/import.server.ts';
import { formatDateTime } from '../features/dashboard/format.ts';
import { choiceFilter, readListQuery } from '../features/dashboard/list-query.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The history's filter and page as the page's query string gives them. */
function readHistoryQuery(request: Request) {
  return readListQuery(request, {
    sorts: ['createdAt'],
    defaultSort: 'createdAt',
    defaultDir: 'desc',
    filters: z.object({ status: choiceFilter(importJobStatusValues) }),
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const asked = new URL(args.request.url).searchParams.get('job');
  const query = readHistoryQuery(args.request);
  const [history, job] = await Promise.all([
    bo.content.importJobs({
      status: query.filters.status,
      page: String(query.page),
      pageSize: String(query.pageSize),
    }),
    // The job asked for, else the one running now: a reload shows its progress again.
    asked
      ? bo.content.importJob(asked)
      : bo.content
          .importJobs({ status: 'running', pageSize: '1' })
          .then((running) => running.items[0] ?? null),
  ]);
  return { job, history, filters: query.filters };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context });
  return importAction(request, context);
}

/** How often a running import's page reloads itself (without JavaScript too). */
const REFRESH_SECONDS = 2;
const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const tones: Record<ImportJob['status'], BadgeTone> = {
  checked: 'info',
  invalid: 'danger',
  running: 'warning',
  done: 'success',
  failed: 'danger',
  discarded: 'neutral',
};

function UploadForm() {
  const { t } = useTranslation('dashboard-content');
  const posted = useActionData() as FormAnswer | undefined;
  const { Form, formRef, busy, errorFor } = useActionForm<FormAnswer>({ serverAnswer: posted });
  const error = errorFor('file');
  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className={card}>
      <h2 className="text-lg font-bold">{t('import.uploadTitle')}</h2>
      <p className="text-sm text-muted">{t('import.uploadLead')}</p>
      <input type="hidden" name="intent" value="check" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="import-file" className="text-sm font-semibold">
          {t('import.file')}
        </label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".json,.csv,.zip,application/json,text/csv,application/zip"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'import-file-help import-file-error' : 'import-file-help'}
          className="rounded-xl border border-line bg-white p-3 text-sm file:me-3 file:rounded-full file:border-0 file:bg-surface file:px-4 file:py-2 file:font-semibold"
        />
        <p id="import-file-help" className="text-sm text-muted">
          {t('import.fileHelp')}
        </p>
        {error && (
          <p id="import-file-error" role="alert" className="text-sm font-medium text-sale">
            {error}
          </p>
        )}
      </div>
      <div>
        <SubmitButton busy={busy}>{t('import.check')}</SubmitButton>
      </div>
    </Form>
  );
}

function StartForm({ job, intent = 'start' }: { job: ImportJob; intent?: 'start' | 'retry' }) {
  const { t } = useTranslation('dashboard-content');
  const posted = useActionData() as FormAnswer | undefined;
  const { Form, formRef, busy, answer } = useActionForm<FormAnswer>({ serverAnswer: posted });
  return (
    <Form ref={formRef} method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={job.id} />
      <div>
        <SubmitButton busy={busy}>{t(intent === 'start' ? 'import.start' : 'import.retry')}</SubmitButton>
      </div>
      {answer?.error && (
        <p role="alert" className="text-sm font-medium text-sale">
          {answer.error.message}
        </p>
      )}
    </Form>
  );
}

function Summary({ job }: { job: ImportJob }) {
  const { t } = useTranslation('dashboard-content');
  const s = job.summary;
  if (!s) return null;
  const rows = (['products', 'categories', 'companies', 'agents'] as const).filter(
    (k) => s[k].created + s[k].updated > 0,
  );
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {rows.map((k) => (
        <li key={k}>
          {t(`import.section.${k}`)}: {t('import.counts', { created: s[k].created, updated: s[k].updated })}
        </li>
      ))}
      {s.sliders > 0 && <li>{t('import.slides', { n: s.sliders })}</li>}
      {s.infoPages > 0 && <li>{t('import.pages', { n: s.infoPages })}</li>}
      {s.settings > 0 && <li>{t('import.settingsCount', { n: s.settings })}</li>}
    </ul>
  );
}

function CurrentJob({ job }: { job: ImportJob }) {
  const { t } = useTranslation('dashboard-content');
  const { lang } = useLang();
  const columns: Column<ImportJob['errors'][number]>[] = [
    { key: 'import.row', header: t('import.row'), cell: (e) => e.row ?? '—', align: 'end' },
    {
      key: 'import.sectionHeader',
      header: t('import.sectionHeader'),
      cell: (e) => (e.section ? t(`import.section.${e.section}`) : '—'),
    },
    { key: 'import.field', header: t('import.field'), cell: (e) => <code dir="ltr">{e.field || '—'}</code> },
    { key: 'import.problem', header: t('import.problem'), cell: (e) => e.message },
  ];
  return (
    <section className={card} aria-labelledby="job-title">
      {job.status === 'running' && <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />}
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="job-title" className="text-lg font-bold">
          <bdi>{job.fileName}</bdi>
        </h2>
        <StatusBadge tone={tones[job.status]}>{t(`import.status.${job.status}`)}</StatusBadge>
      </div>
      <p className="text-sm text-muted">{t(`import.lead.${job.status}`)}</p>
      {(job.status === 'running' || job.status === 'done' || job.status === 'failed') && (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('import.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={job.percent}
            className="h-3 overflow-hidden rounded-full bg-surface"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${job.percent}%` }} />
          </div>
          <p className="text-sm" aria-live="polite">
            {t('import.progressText', { done: job.done, total: job.total, percent: job.percent })}
          </p>
        </div>
      )}
      {job.failure && (
        <p role="alert" className="font-medium text-sale">
          {job.failure}
        </p>
      )}
      {job.status === 'failed' && (
        <p className="text-sm">
          {t('import.safeToRetry', { written: job.productsWritten, total: job.productsTotal })}
        </p>
      )}
      {/* A discarded file's counts were only what it would have done. */}
      {job.status !== 'discarded' && <Summary job={job} />}
      {job.status === 'checked' && (
        <div className="flex flex-wrap items-start gap-3">
          <StartForm job={job} />
          <ConfirmAction
            confirmKey={`discard:${job.id}`}
            fields={{ intent: 'discard', id: job.id }}
            label={t('import.discard')}
            question={t('import.discardQuestion')}
            confirmLabel={t('import.discardYes')}
          />
        </div>
      )}
      {job.status === 'failed' && <StartForm job={job} intent="retry" />}
      {job.errors.length > 0 && (
        <DataTable
          caption={t('import.errorsCaption')}
          columns={columns}
          rows={job.errors}
          rowKey={(e) => `${e.section}-${e.row}-${e.field}-${e.message}`}
        />
      )}
      <p className="text-xs text-muted">
        {t('import.createdBy', { actor: job.actor, at: formatDateTime(job.createdAt, lang) })}
      </p>
    </section>
  );
}

export default function ImportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-content');
  const { t: td } = useTranslation('dashboard');
  const { lang } = useLang();
  const { job, history, filters } = loaderData;
  const columns: Column<ImportJob>[] = [
    {
      key: 'import.file',
      header: t('import.file'),
      cell: (j) => (
        <a
          href={`${localizePath('/dashboard/import', lang)}?job=${j.id}`}
          className="font-semibold text-primary underline"
        >
          <bdi>{j.fileName}</bdi>
        </a>
      ),
    },
    {
      key: 'import.statusHeader',
      header: t('import.statusHeader'),
      cell: (j) => <StatusBadge tone={tones[j.status]}>{t(`import.status.${j.status}`)}</StatusBadge>,
    },
    { key: 'import.progress', header: t('import.progress'), cell: (j) => `${j.percent}%`, align: 'end' },
    { key: 'import.actor', header: t('import.actor'), cell: (j) => <bdi>{j.actor}</bdi> },
    { key: 'import.at', header: t('import.at'), cell: (j) => formatDateTime(j.createdAt, lang) },
  ];
  const exportLink = (format: 'json' | 'csv') =>
    `${adminContentPaths.catalogExport.build({})}?format=${format}&lang=${lang}`;
  return (
    <DashboardPage
      title={t('import.title')}
      breadcrumbs={[{ label: td('nav.overview'), to: '/dashboard' }, { label: t('import.title') }]}
      actions={
        <div className="flex flex-wrap gap-2">
          <a
            href={exportLink('json')}
            download
            className="inline-flex h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-semibold hover:bg-surface"
          >
            {t('import.exportJson')}
          </a>
          <a
            href={exportLink('csv')}
            download
            className="inline-flex h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-semibold hover:bg-surface"
          >
            {t('import.exportCsv')}
          </a>
        </div>
      }
    >
      {job && <CurrentJob job={job} />}
      <UploadForm />
      <section className="flex flex-col gap-3" aria-labelledby="history-title">
        <h2 id="history-title" className="text-lg font-bold">
          {t('import.history')}
        </h2>
        {/* Nothing to narrow before the first upload. */}
        {(history.total > 0 || filters.status) && (
          <FilterBar
            values={filters}
            selects={[
              {
                name: 'status',
                label: t('import.statusHeader'),
                options: importJobStatusValues.map((s) => ({ value: s, label: t(`import.status.${s}`) })),
              },
            ]}
          />
        )}
        {history.items.length === 0 ? (
          filters.status ? (
            <EmptyState filtered />
          ) : (
            <EmptyState message={t('import.noHistory')} />
          )
        ) : (
          <>
            <DataTable
              caption={t('import.history')}
              columns={columns}
              rows={history.items}
              rowKey={(j) => j.id}
            />
            <Pager page={history.page} pageSize={history.pageSize} total={history.total} />
          </>
        )}
      </section>
    </DashboardPage>
  );
}
