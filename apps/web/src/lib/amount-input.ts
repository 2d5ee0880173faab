import { useCallback, useMemo } from 'react';
import { numberFormat } from '@app/shared/intl-formats';
import { localAmountText, type NumberMarks } from '@app/shared/money';
import { useNumberLocale } from './money';

/** The decimal and grouping marks a locale writes numbers with (Intl): "." and "," in en-US. */
function numberMarks(locale: string): NumberMarks {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * An amount typed in a text field, in the reader's language: `read` gives the plain decimal text the
 * API takes ("1.500,50" in Spanish → "1500.50"), or null when it is not an amount or could be read two
 * ways; `show` writes dollars back as a field holds them ("1500,50" in Spanish, no grouping).
 */
export function useAmountInput() {
  const locale = useNumberLocale();
  const marks = useMemo(() => numberMarks(locale), [locale]);
  const read = useCallback((text: string) => localAmountText(text, marks), [marks]);
  const show = useCallback(
    (major: number) =>
      numberFormat(locale, {
        useGrouping: false,
        minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(major),
    [locale],
  );
  return { marks, read, show };
}
