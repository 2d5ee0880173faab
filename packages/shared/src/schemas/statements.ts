import { z } from 'zod';

export const STATEMENT_MESSAGES = {
  invalidMonth: 'Enter a month as YYYY-MM.',
  invalidFormat: 'Choose pdf or csv.',
  notFound: 'There is no statement for this month.',
} as const;

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A calendar month as a URL writes it: YYYY-MM (UTC months). */
export const StatementMonth = z
  .string({ error: STATEMENT_MESSAGES.invalidMonth })
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, STATEMENT_MESSAGES.invalidMonth)
  .meta({ examples: ['2026-11'] });

/** GET /api/statements/:month */
export const StatementParams = z.object({ month: StatementMonth });

/** GET /api/statements/:month?format=pdf|csv (pdf when absent). */
export const StatementQuery = z.object({
  format: z.enum(STATEMENT_FORMATS, { error: STATEMENT_MESSAGES.invalidFormat }).default('pdf'),
});
export type StatementQuery = z.input<typeof StatementQuery>;

/** GET /api/statements: the member's months, newest first (from the account's month to this one). */
export const StatementListResponse = z.object({
  data: z.array(z.object({ month: StatementMonth })),
});
export type StatementListResponse = z.infer<typeof StatementListResponse>;

/** The months from `first` to `last` (both YYYY-MM, inclusive), newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = last.split('-').map(Number) as [number, number];
  const stop = first;
  for (;;) {
    const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (text < stop) return months;
    months.push(text);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
}
