/**
 * Intl's number and date formatters, one kept per locale and options: building one costs far more than
 * formatting with it (a date formatter about 130 µs to build and 3 µs to format on the development
 * machine, bench/RESULTS.md), and a list formats a figure or a date for every row on every render. The keys come from the three languages and the handful of option sets the screens use; a
 * cache that ever holds more than 64 is cleared, so it cannot grow without bound.
 */
const LIMIT = 64;

function kept<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= LIMIT) cache.clear();
    format = build();
    cache.set(key, format);
  }
  return format;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.NumberFormat(locale, options)`, built once for each locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(
    numberFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/**
 * `new Intl.DateTimeFormat(locale, options)`, built once for each locale and options. Only with a named
 * time zone: a formatter without one takes the zone the machine has when it is built and keeps it, so a
 * kept one would go on showing that zone's days (a reader's-zone formatter belongs to the component that
 * shows it, built again with it).
 */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions & { timeZone: string },
): Intl.DateTimeFormat {
  return kept(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}
