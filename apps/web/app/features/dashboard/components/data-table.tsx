import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface Column<Row> {
  /**
   * Unique within the table. Use the header's translation key (`'orders.total'`): the
   * translation test reads every `key: '…'` in the code as one and checks it exists.
   */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The `sort` value this column sorts by; unset: not sortable. */
  sortKey?: string;
  /** Numbers and money line up at the end. */
  align?: 'start' | 'end';
}

export interface TableSort {
  sort: string;
  dir: 'asc' | 'desc';
}

/** The current URL with `sort` and `dir` set, back on page 1 (other filters kept). */
function sortHref(search: string, sort: string, dir: 'asc' | 'desc'): string {
  const params = new URLSearchParams(search);
  params.set('sort', sort);
  params.set('dir', dir);
  params.delete('page');
  return `?${params.toString()}`;
}

/**
 * A list's table. Sorting is by links (`?sort=&dir=`), so it works without JavaScript and a
 * sorted list can be shared; the active column says its direction to screen readers. Narrow
 * screens scroll the table sideways inside its own focusable region (the page itself never
 * scrolls sideways), with the first column as the row's name.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
}: {
  /** Names the table for screen readers (and the scroll region). */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort?: TableSort;
}) {
  const { t } = useTranslation('dashboard');
  const { search } = useLocation();
  return (
    // `relative`: visually hidden text in a cell (absolutely placed) stays inside the scroll box
    // instead of widening the page.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-line bg-white focus-visible:outline-2"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-muted">
          <tr>
            {columns.map((column) => {
              const active = sort && column.sortKey !== undefined && sort.sort === column.sortKey;
              const nextDir = active && sort.dir === 'asc' ? 'desc' : 'asc';
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`px-4 py-3 font-semibold ${column.align === 'end' ? 'text-end' : 'text-start'}`}
                >
                  {column.sortKey ? (
                    <Link
                      to={sortHref(search, column.sortKey, nextDir)}
                      className="inline-flex items-center gap-1 hover:text-primary hover:underline"
                      aria-label={`${t('table.sortBy', { column: column.header })}${
                        active
                          ? ` (${t(sort.dir === 'asc' ? 'table.sortedAscending' : 'table.sortedDescending')})`
                          : ''
                      }`}
                    >
                      {column.header}
                      <span aria-hidden="true" className={active ? 'text-primary' : 'opacity-40'}>
                        {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line align-top hover:bg-surface/60">
              {columns.map((column, index) => {
                const className = `px-4 py-3 ${column.align === 'end' ? 'text-end tabular-nums' : 'text-start'}`;
                return index === 0 ? (
                  <th key={column.key} scope="row" className={`${className} font-semibold`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
