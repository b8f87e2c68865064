import { useId } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface FilterSelect {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface FilterText {
  name: string;
  label: string;
  /** `search` for the list's search box; `text` for an exact value (an id). */
  type?: 'search' | 'text';
}

/** The query parameters that are the list's state rather than its filters: kept when filtering. */
const KEPT = ['sort', 'dir', 'pageSize'];

const fieldClass =
  'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm focus:border-primary focus:outline-none';

/**
 * A list's filters as a GET form: a search box, selects and a date range. Submitting reloads
 * the list with them in the URL (back on page 1, sorting and page size kept), so it works
 * without JavaScript and a filtered list can be shared. "Clear" keeps only the sorting.
 */
export function FilterBar({
  values,
  texts = [],
  selects = [],
  dateRange,
}: {
  /** The filters as the loader read them (what the fields show). */
  values: Record<string, string | undefined>;
  texts?: FilterText[];
  selects?: FilterSelect[];
  /** The names of the from/to date parameters (`YYYY-MM-DD`). */
  dateRange?: { from: string; to: string };
}) {
  const { t } = useTranslation('dashboard');
  const { search, pathname } = useLocation();
  const id = useId();
  const params = new URLSearchParams(search);
  const kept = KEPT.filter((name) => params.has(name)).map((name) => [name, params.get(name) ?? ''] as const);
  const clearParams = new URLSearchParams(kept as [string, string][]).toString();
  const active =
    texts.some((f) => values[f.name]) ||
    selects.some((f) => values[f.name]) ||
    (dateRange !== undefined && Boolean(values[dateRange.from] || values[dateRange.to]));
  return (
    <Form
      method="get"
      role="search"
      aria-label={t('filters.label')}
      className="grid grid-cols-1 gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {texts.map((field) => (
        <div key={field.name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${field.name}`} className="text-sm font-semibold">
            {field.label}
          </label>
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.type ?? 'search'}
            defaultValue={values[field.name] ?? ''}
            className={fieldClass}
          />
        </div>
      ))}
      {selects.map((field) => (
        <div key={field.name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${field.name}`} className="text-sm font-semibold">
            {field.label}
          </label>
          <select
            id={`${id}-${field.name}`}
            name={field.name}
            defaultValue={values[field.name] ?? ''}
            className={fieldClass}
          >
            <option value="">{t('filters.any')}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {dateRange && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-${dateRange.from}`} className="text-sm font-semibold">
              {t('filters.from')}
            </label>
            <input
              id={`${id}-${dateRange.from}`}
              name={dateRange.from}
              type="date"
              defaultValue={values[dateRange.from] ?? ''}
              className={fieldClass}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-${dateRange.to}`} className="text-sm font-semibold">
              {t('filters.to')}
            </label>
            <input
              id={`${id}-${dateRange.to}`}
              name={dateRange.to}
              type="date"
              defaultValue={values[dateRange.to] ?? ''}
              className={fieldClass}
            />
          </div>
        </>
      )}
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button
          type="submit"
          className="h-10 rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
        >
          {t('filters.apply')}
        </button>
        {active && (
          <Link
            to={clearParams ? `${pathname}?${clearParams}` : pathname}
            className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
          >
            {t('filters.clear')}
          </Link>
        )}
      </div>
    </Form>
  );
}
