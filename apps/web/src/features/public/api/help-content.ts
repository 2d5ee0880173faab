import { useQuery } from '@tanstack/react-query';
import type { HelpArticleList, HelpFaqList } from '@app/shared/schemas/help';
import { api } from '#lib/api-client';

export const HELP_ARTICLES_URL = '/api/help/articles';
export const HELP_FAQS_URL = '/api/help/faqs';

/** GET /api/help/articles */
export function useHelpArticles() {
  return useQuery({
    queryKey: ['help', 'articles'],
    queryFn: ({ signal }) => api.get<HelpArticleList>(HELP_ARTICLES_URL, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/help/faqs */
export function useHelpFaqs() {
  return useQuery({
    queryKey: ['help', 'faqs'],
    queryFn: ({ signal }) => api.get<HelpFaqList>(HELP_FAQS_URL, { signal }),
    staleTime: 5 * 60_000,
  });
}
