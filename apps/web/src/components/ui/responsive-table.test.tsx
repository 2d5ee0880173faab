import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ResponsiveTable } from './responsive-table';

const ROWS = [
  { id: 1, name: 'Alpha', note: 'A long note that the table cuts short' },
  { id: 2, name: 'Beta', note: 'Short' },
];

function list({
  busy = false,
  breakpoint,
  scroll,
}: { busy?: boolean; breakpoint?: 'sm' | 'md'; scroll?: boolean } = {}) {
  return (
    <ResponsiveTable
      caption="Things"
      rows={ROWS}
      rowKey={(row) => row.id}
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Note', align: 'end', title: (row) => row.note, cell: (row) => row.note },
      ]}
      cardStyle="boxed"
      card={(row) => <p>{`${row.name}: ${row.note}`}</p>}
      breakpoint={breakpoint}
      scroll={scroll}
      busy={busy}
    >
      <p>Page 1 of 1</p>
    </ResponsiveTable>
  );
}

describe('ResponsiveTable (docs/decisions/048)', () => {
  it('is a captioned table with column headers, one row per record, for wide screens', () => {
    render(list());
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Note']);
    const [, alpha, beta] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(alpha)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Alpha', 'A long note that the table cuts short']);
    expect(within(beta).getByText('Short')).toHaveAttribute('title', 'Short');
    expect(table).toHaveClass('max-sm:hidden');
  });

  it('is also a list of cards with the same name, shown only below sm, and the footer follows', () => {
    render(list());
    const cards = screen.getByRole('list', { name: 'Things' });
    expect(cards).toHaveClass('sm:hidden');
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Alpha: A long note that the table cuts short', 'Beta: Short']);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('can switch between table and cards at md instead, for wide tables', () => {
    render(list({ breakpoint: 'md' }));
    expect(screen.getByRole('table', { name: 'Things' })).toHaveClass('max-md:hidden');
    expect(screen.getByRole('table', { name: 'Things' })).not.toHaveClass('max-sm:hidden');
    expect(screen.getByRole('list', { name: 'Things' })).toHaveClass('md:hidden');
  });

  it('puts the table in a focusable region named by the caption, scrolling sideways, when asked', () => {
    const { rerender } = render(list());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    rerender(list({ scroll: true }));
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto', 'focus-visible:ring-2', 'max-sm:hidden');
    // The region hides below the breakpoint with its table, so no empty stop is left for the keyboard.
    expect(within(region).getByRole('table', { name: 'Things' })).not.toHaveClass('max-sm:hidden');
    expect(screen.getByRole('list', { name: 'Things' })).toHaveClass('sm:hidden');
  });

  it('tells screen readers the list is busy only while it is read again', () => {
    const { container, rerender } = render(list({ busy: true }));
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    rerender(list());
    expect(container.firstElementChild).not.toHaveAttribute('aria-busy');
  });
});
