import { useEffect, useState } from 'react';
import type { ActivityQuery } from '@app/shared/schemas/activity';
import type { ActivityFilters } from './get-activity';

export interface FiltersCheck {
  /** The filters may be sent: false while the check is not known yet, or when it failed. */
  valid: boolean;
  /** The check is done and refused the filters (not merely waiting for the schema): the dates need fixing. */
  refused: boolean;
  /** The start date's message: not a real day, or outside the dates the API takes (e.g. year 0002). */
  startDateError?: string;
  /** The end date's message: the same, or an end before the start. */
  endDateError?: string;
}

/**
 * Activity's filters checked with the API's schema (`ActivityQuery`), so the page never asks for what
 * the API would refuse. Without a date they are valid by construction (a type from the list, a page
 * from the pager). The schema, and zod with it (24 KB compressed), load once the page has rendered,
 * not before its first paint (decision 170); until then a dated filter waits for them.
 */
export function useFiltersCheck(filters: ActivityFilters, page: number): FiltersCheck {
  const [schema, setSchema] = useState<typeof ActivityQuery | null>(null);
  useEffect(() => {
    let current = true;
    void import('./activity-query').then((module) => {
      if (current) setSchema(() => module.ActivityQuery);
    });
    return () => {
      current = false;
    };
  }, []);
  if (filters.start_date === '' && filters.end_date === '') return { valid: true, refused: false };
  if (!schema) return { valid: false, refused: false };
  const check = schema.safeParse({ ...filters, page });
  if (check.success) return { valid: true, refused: false };
  const problem = (field: 'start_date' | 'end_date') =>
    check.error.issues.find((issue) => issue.path[0] === field)?.message;
  return {
    valid: false,
    refused: true,
    startDateError: problem('start_date'),
    endDateError: problem('end_date'),
  };
}
