/**
 * Locale tags for numbers and dates, per app language: Arabic keeps Western digits, as amounts do
 * everywhere in the product. A bare `ar` gives Arabic-Indic digits under some ICU versions (browsers,
 * older Node), so no formatter is built with one.
 */
export const NUMBER_LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', ar: 'ar-u-nu-latn' };
