import type { ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type RowData,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NUMBER_LOCALES } from '@app/shared/number-locales';
import type { ListMeta } from '@app/shared/schemas/common';
import { cn } from '#lib/cn';
import type { ListSort, UrlListState } from '#lib/use-url-list-state';
import { RetryAlert } from './alert';
import { Pagination } from './pagination';
import { Spinner } from './spinner';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers go to the end; the header follows its cells. */
    align?: 'start' | 'end';
    /** The cells' own classes. */
    className?: string;
    /** The first click sorts descending (dates, amounts: newest or largest first). */
    descFirst?: boolean;
  }
}

/** The answer of a server-paged list (DESIGN §7): its rows and `meta`. */
export interface PagedList<Row> {
  data: Row[];
  meta: ListMeta;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (its caption) and the pagination. */
  caption: string;
  /**
   * Columns of @tanstack/react-table. A column sorts on the server only with `enableSorting: true`;
   * its `id` is the API's sort field.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of any value type
  columns: ColumnDef<Row, any>[];
  /** The list's state in the URL (useUrlListState): page and sort are read and written there. */
  state: Pick<UrlListState, 'page' | 'sort' | 'setPage' | 'setSort'>;
  /** The query of the current page (react-query's result or the same fields). */
  query: {
    data: PagedList<Row> | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  rowKey: (row: Row) => string | number;
  /** What the empty list says (e.g. "No pending withdrawals."). */
  empty: ReactNode;
  /** What a failed load says; a Retry button follows. */
  errorText?: ReactNode;
  /** Shown under the table beside the pagination, e.g. totals. */
  footer?: ReactNode;
}

/** The page and sort of the URL, which the table's parts read and set. */
type TableState = DataTableProps<unknown>['state'];

function nextSort(current: ListSort | null, id: string, descFirst: boolean): ListSort | null {
  if (!current || current.id !== id) return { id, desc: descFirst };
  if (current.desc === descFirst) return { id, desc: !descFirst };
  return null;
}

/** A column's header: a button that cycles the sort when the column sorts, with its `aria-sort`. */
function HeaderCell<Row>({ header, state }: { header: Header<Row, unknown>; state: TableState }) {
  const column = header.column;
  const align = column.columnDef.meta?.align ?? 'start';
  const sortable = column.getCanSort();
  const active = state.sort?.id === column.id ? state.sort : null;
  const label = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const Icon = !active ? ArrowUpDown : active.desc ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      aria-sort={sortable ? (active ? (active.desc ? 'descending' : 'ascending') : 'none') : undefined}
      className={cn('px-3 py-2.5 font-medium whitespace-nowrap', align === 'end' ? 'text-end' : 'text-start')}
    >
      {sortable ? (
        <button
          type="button"
          className={cn(
            'inline-flex items-center gap-1 rounded hover:text-fg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            active && 'text-fg',
          )}
          onClick={() =>
            state.setSort(nextSort(state.sort, column.id, column.columnDef.meta?.descFirst ?? false))
          }
        >
          {label}
          <Icon className="size-3.5" aria-hidden="true" />
        </button>
      ) : (
        label
      )}
    </th>
  );
}

/**
 * The table in its scroll region: the headers, then the rows with each column's alignment and classes.
 * `table` is TanStack's mutable instance (the same object on every render), so this part must not be
 * memoised: it re-renders with `DataTable`, which is what keeps its rows current.
 */
function DataTableGrid<Row>({
  table,
  caption,
  state,
  fetching,
}: {
  table: Table<Row>;
  caption: string;
  state: TableState;
  fetching: boolean;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-line bg-surface focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className={cn('w-full text-sm', fetching && 'opacity-60')}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-line text-xs text-muted">
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} state={state} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-line">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-surface-muted/60">
              {row.getVisibleCells().map((cell) => {
                const cellMeta = cell.column.columnDef.meta;
                return (
                  <td
                    key={cell.id}
                    className={cn(
                      'px-3 py-2.5 align-top',
                      cellMeta?.align === 'end' ? 'text-end tabular-nums' : 'text-start',
                      cellMeta?.className,
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
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

/** Under the table: the total and the caller's footer, then the pagination (once a page has loaded). */
function DataTableFooter({
  caption,
  meta,
  state,
  fetching,
  footer,
}: {
  caption: string;
  meta: ListMeta | undefined;
  state: TableState;
  fetching: boolean;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const numbers = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {meta && (
          <p className="pt-4 text-sm text-muted" aria-live="polite">
            {t('admin.table.total', { count: meta.total, number: meta.total.toLocaleString(numbers) })}
          </p>
        )}
        {footer}
      </div>
      {meta && (
        <Pagination
          page={state.page}
          totalPages={meta.total_pages}
          onPageChange={state.setPage}
          label={t('admin.table.pages', { caption })}
          disabled={fetching}
        />
      )}
    </>
  );
}

/**
 * A server-paged, server-sorted table (issue 15 item 10, decision 122): headless @tanstack/react-table
 * for the column model, the page and sort in the URL, loading, empty and error states, sortable
 * headers as buttons with `aria-sort`, and a scroll region that takes the keyboard when the table is
 * wider than the screen (a tablet).
 */
export function DataTable<Row>({
  caption,
  columns,
  state,
  query,
  rowKey,
  empty,
  errorText,
  footer,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const sorting: SortingState = state.sort ? [{ id: state.sort.id, desc: state.sort.desc }] : [];
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps a mutable instance; this component is left to plain React
  const table = useReactTable<Row>({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    // A column sorts only when it says so (`enableSorting: true`): the server decides what it can sort.
    defaultColumn: { enableSorting: false },
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    pageCount: meta?.total_pages ?? -1,
    state: { sorting },
  });

  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('admin.table.loading', { caption })} />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>{errorText ?? t('admin.table.error')}</RetryAlert>
    );
  }

  return (
    <div aria-busy={query.isFetching || undefined}>
      {query.isError && (
        <div className="mb-3">
          <RetryAlert onRetry={() => void query.refetch()}>{errorText ?? t('admin.table.error')}</RetryAlert>
        </div>
      )}
      {rows.length === 0 ? (
        <p
          role="status"
          className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted"
        >
          {empty}
        </p>
      ) : (
        <DataTableGrid table={table} caption={caption} state={state} fetching={query.isFetching} />
      )}
      <DataTableFooter
        caption={caption}
        meta={meta}
        state={state}
        fetching={query.isFetching}
        footer={footer}
      />
    </div>
  );
}
