import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as CountriesLibrary from 'i18n-iso-countries';

type CountriesModule = typeof CountriesLibrary;

const LOCALES = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  es: () => import('i18n-iso-countries/langs/es.json'),
  ar: () => import('i18n-iso-countries/langs/ar.json'),
} as const;

/** The library with the names of `language` registered (each language is its own chunk). */
async function loadCountries(language: keyof typeof LOCALES): Promise<CountriesModule> {
  const [library, locale] = await Promise.all([import('i18n-iso-countries'), LOCALES[language]()]);
  const countries = (library as CountriesModule & { default?: CountriesModule }).default ?? library;
  countries.registerLocale(locale.default);
  return countries;
}

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * Every ISO 3166-1 country once, by two-letter code, named in the member's language by
 * i18n-iso-countries (decision 091) and sorted by that name in that language.
 */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as keyof typeof LOCALES;
  const lang = language in LOCALES ? language : 'en';
  const query = useQuery({
    queryKey: ['country-names', lang],
    queryFn: () => loadCountries(lang),
    staleTime: Infinity,
  });
  const options = useMemo<CountryOption[]>(() => {
    if (!query.data) return [];
    const names = query.data.getNames(lang, { select: 'official' });
    return Object.keys(query.data.getAlpha2Codes())
      .map((code) => ({ code, name: names[code] ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [query.data, lang]);
  return { options, isPending: query.isPending, isError: query.isError };
}
