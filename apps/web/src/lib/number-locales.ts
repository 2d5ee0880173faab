/** Locale tags for number formatting, per app language (Arabic keeps Western digits for amounts). */
export const NUMBER_LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', ar: 'ar-u-nu-latn' };
