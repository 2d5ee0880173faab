import { useEffect, useState } from 'react';
import type { ActivityQuery } from '@app/shared/schemas/activity';
import type { ActivityFilters } from './get-activity';

export interface FiltersCheck {
  /** The filters may be sent: false while the check is not known yet, or when it failed. */
  valid: boolean;
  /** The date field's message when the dates do not make a valid range. */
  dateError?: string;
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
  if (filters.start_date === '' && filters.end_date === '') return { valid: true };
  if (!schema) return { valid: false };
  const check = schema.safeParse({ ...filters, page });
  return check.success
    ? { valid: true }
    : {
        valid: false,
        dateError: check.error.issues.find((issue) => issue.path[0] === 'end_date')?.message,
      };
}
