import { DataTable, type Column, type TableSort } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';
import { Pager } from './pager.tsx';

/**
 * One page of a back-office list: its table, or why it has no rows (nothing yet, with the
 * list's own words, or nothing matching the filters), and the pager under it.
 */
export function PagedTable<Row>({
  page,
  filtered,
  emptyMessage,
  ...table
}: {
  page: { items: readonly Row[]; page: number; pageSize: number; total: number };
  /** Filters are on: "nothing matches" rather than `emptyMessage`. */
  filtered: boolean;
  /** What the list says while it has nothing yet. */
  emptyMessage?: string;
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  sort?: TableSort;
}) {
  return (
    <>
      {page.items.length === 0 ? (
        <EmptyState filtered={filtered} message={filtered ? undefined : emptyMessage} />
      ) : (
        <DataTable {...table} rows={page.items} />
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  );
}
