import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The sort of a list: a column id, ascending or descending. */
export interface ListSort {
  id: string;
  desc: boolean;
}

export interface UrlListState<F extends string = string> {
  /** 1-based page. */
  page: number;
  sort: ListSort | null;
  /** Every declared filter, '' when unset. */
  filters: Record<F, string>;
  setPage(page: number): void;
  setSort(sort: ListSort | null): void;
  /** Changes some filters (an empty value removes one) and goes back to page 1. */
  setFilters(next: Partial<Record<F, string>>): void;
  /** Removes every filter and the sort, back to page 1. */
  reset(): void;
  /**
   * The list's API query: `page`, `sort` ("field" or "-field" for descending) and the filters that
   * are set; pass it to `withQuery` and use it in the query key.
   */
  query: Record<string, string>;
}

/** "-created_at" → {id: 'created_at', desc: true}. */
export function parseSort(value: string | null): ListSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return /^[a-z0-9_.]+$/i.test(id) ? { id, desc } : null;
}

export function formatSort(sort: ListSort | null): string | null {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : null;
}

/**
 * A list's page, sort and filters kept in the URL's query string (issue 15, decision 122): every
 * change is a new history entry, so Back returns to the same filtered page and a link shares it.
 */
export function useUrlListState<F extends string>(options: {
  filters: readonly F[];
  /** The sort when the URL names none (not written to the URL). */
  defaultSort?: ListSort | null;
}): UrlListState<F> {
  const [params, setParams] = useSearchParams();
  const { filters: filterKeys, defaultSort = null } = options;
  const keysSignature = filterKeys.join(',');

  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const sortParam = params.get('sort');
  const sort = useMemo(() => parseSort(sortParam) ?? defaultSort, [sortParam, defaultSort]);
  const filterValues = filterKeys.map((key) => params.get(key) ?? '');
  const filterSignature = filterValues.join('\u0000');
  const filters = useMemo(
    () =>
      Object.fromEntries(filterKeys.map((key, index) => [key, filterValues[index] ?? ''])) as Record<
        F,
        string
      >,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signatures stand for the arrays
    [keysSignature, filterSignature],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      });
    },
    [setParams],
  );

  const setPage = useCallback(
    (value: number) =>
      update((next) => {
        if (value <= 1) next.delete('page');
        else next.set('page', String(value));
      }),
    [update],
  );
  const setSort = useCallback(
    (value: ListSort | null) =>
      update((next) => {
        const text = formatSort(value);
        if (text) next.set('sort', text);
        else next.delete('sort');
        next.delete('page');
      }),
    [update],
  );
  const setFilters = useCallback(
    (values: Partial<Record<F, string>>) =>
      update((next) => {
        for (const [key, value] of Object.entries(values) as [F, string | undefined][]) {
          const trimmed = (value ?? '').trim();
          if (trimmed) next.set(key, trimmed);
          else next.delete(key);
        }
        next.delete('page');
      }),
    [update],
  );
  const reset = useCallback(
    () =>
      update((next) => {
        for (const key of filterKeys) next.delete(key);
        next.delete('sort');
        next.delete('page');
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keysSignature stands for filterKeys
    [update, keysSignature],
  );

  const query = useMemo(() => {
    const result: Record<string, string> = { page: String(page) };
    const sortText = formatSort(sort);
    if (sortText) result.sort = sortText;
    for (const [key, value] of Object.entries<string>(filters)) if (value) result[key] = value;
    return result;
  }, [page, sort, filters]);

  return { page, sort, filters, setPage, setSort, setFilters, reset, query };
}
