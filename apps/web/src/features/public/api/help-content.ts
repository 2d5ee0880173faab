import { useQuery } from '@tanstack/react-query';
import type { HelpArticleList, HelpFaqList } from '@app/shared/schemas/help';
import { api } from '#lib/api-client';

/** GET /api/help/articles */
export function useHelpArticles() {
  return useQuery({
    queryKey: ['help', 'articles'],
    queryFn: ({ signal }) => api.get<HelpArticleList>('/api/help/articles', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/help/faqs */
export function useHelpFaqs() {
  return useQuery({
    queryKey: ['help', 'faqs'],
    queryFn: ({ signal }) => api.get<HelpFaqList>('/api/help/faqs', { signal }),
    staleTime: 5 * 60_000,
  });
}
