import type { Key, ReactNode } from 'react';
import { cn } from '#lib/cn';

export interface ResponsiveTableColumn<Row> {
  header: ReactNode;
  /** Numbers go to the end; the header follows its cells. */
  align?: 'start' | 'end';
  cell: (row: Row) => ReactNode;
  /** The cells' own classes, beside the padding and alignment every cell gets. */
  className?: string;
  /** The cell's tooltip, e.g. the whole text of a truncated cell. */
  title?: (row: Row) => string;
}

const CARD_STYLES = {
  /** Bordered boxes with space between them. */
  boxed: { list: 'space-y-3', card: 'rounded-xl border border-line p-4' },
  /** Rows divided by a line. */
  divided: { list: 'divide-y divide-line', card: 'py-3' },
} as const;

/** The width from which the table shows instead of the cards. */
const BREAKPOINTS = {
  sm: { table: 'max-sm:hidden', list: 'sm:hidden' },
  md: { table: 'max-md:hidden', list: 'md:hidden' },
} as const;

interface ResponsiveTableProps<Row> {
  /** Names the list for screen readers: the table's caption and the card list's label. */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly ResponsiveTableColumn<Row>[];
  /** What one row's card shows below the breakpoint. */
  card: (row: Row) => ReactNode;
  cardStyle: keyof typeof CARD_STYLES;
  /** Extra classes of each card, e.g. its layout. */
  cardClassName?: string;
  /** The table from `sm` up (the default), or from `md` up for wide tables. */
  breakpoint?: keyof typeof BREAKPOINTS;
  /**
   * The table scrolls sideways in a focusable region named by the caption when it is wider than its
   * box: for a table in a narrow container (a dialog) that the breakpoint, a screen width, cannot see.
   */
  scroll?: boolean;
  /** The rows are being read again (another page). */
  busy?: boolean;
  /** Shown under the list, e.g. its pagination. */
  children?: ReactNode;
}

/** The table: a screen-reader caption, column headers, one row per record. */
function RecordTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  className,
}: Pick<ResponsiveTableProps<Row>, 'caption' | 'rows' | 'rowKey' | 'columns'> & { className?: string }) {
  const last = columns.length - 1;
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-xs text-muted">
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              className={cn(
                'py-2',
                index < last && 'pe-3',
                column.align === 'end' ? 'text-end' : 'text-start',
                'font-medium',
              )}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) => (
              <td
                key={index}
                className={cn(
                  'py-3',
                  index < last && 'pe-3',
                  column.align === 'end' && 'text-end',
                  column.className,
                )}
                title={column.title?.(row)}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A list of records (docs/decisions/048): a table with a screen-reader caption and column headers from
 * the `sm` breakpoint (or `md`) up, stacked cards below it so nothing scrolls sideways. Both are in the
 * DOM; CSS shows one. With `scroll`, the table sits in a focusable region that scrolls sideways (as
 * DataTable's does) rather than overflow a narrow container.
 */
export function ResponsiveTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  card,
  cardStyle,
  cardClassName,
  breakpoint = 'sm',
  scroll = false,
  busy = false,
  children,
}: ResponsiveTableProps<Row>) {
  const styles = CARD_STYLES[cardStyle];
  const hidden = BREAKPOINTS[breakpoint];
  const table = { caption, rows, rowKey, columns };
  return (
    <div aria-busy={busy || undefined}>
      {scroll ? (
        <div
          role="region"
          aria-label={caption}
          tabIndex={0}
          className={cn(
            'overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            hidden.table,
          )}
        >
          <RecordTable {...table} />
        </div>
      ) : (
        <RecordTable {...table} className={hidden.table} />
      )}
      <ul className={cn(styles.list, hidden.list)} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={cn(styles.card, cardClassName)}>
            {card(row)}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
