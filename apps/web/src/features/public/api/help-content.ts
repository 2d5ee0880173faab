import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// The constants, not the schemas: the public site's footer reads this module, and zod is not for it.
import { HELP_LANGUAGES, type HelpLanguage } from '@app/shared/constants';
import type { HelpArticleList, HelpFaqList } from '@app/shared/schemas/help';
import { api } from '#lib/api-client';

/** The help content's language for a UI language: its own if help is written in it, else English. */
export function helpLanguageOf(uiLanguage: string | undefined): HelpLanguage {
  return HELP_LANGUAGES.find((code) => code === uiLanguage) ?? 'en';
}

/** GET /api/help/articles?lang= */
export const helpArticlesUrl = (lang: HelpLanguage) => `/api/help/articles?lang=${lang}`;
/** GET /api/help/faqs?lang= */
export const helpFaqsUrl = (lang: HelpLanguage) => `/api/help/faqs?lang=${lang}`;

/** The UI language as help content knows it. */
export function useHelpLanguage(): HelpLanguage {
  const { i18n } = useTranslation();
  return helpLanguageOf(i18n.resolvedLanguage);
}

/** The help articles in the UI language, English where an article has no version in it (decision 164). */
export function useHelpArticles() {
  const lang = useHelpLanguage();
  return useQuery({
    queryKey: ['help', 'articles', lang],
    queryFn: ({ signal }) => api.get<HelpArticleList>(helpArticlesUrl(lang), { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The FAQs in the UI language, English where a question has no version in it (decision 164). */
export function useHelpFaqs() {
  const lang = useHelpLanguage();
  return useQuery({
    queryKey: ['help', 'faqs', lang],
    queryFn: ({ signal }) => api.get<HelpFaqList>(helpFaqsUrl(lang), { signal }),
    staleTime: 5 * 60_000,
  });
}
