import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminArticle,
  AdminArticleCreateInput,
  AdminArticleListResponse,
  AdminArticleResponse,
  AdminArticleVersionsResponse,
  AdminFaq,
  AdminFaqCreateInput,
  AdminFaqListResponse,
  AdminFaqResponse,
  AdminFaqVersionsResponse,
  AdminHelpRequestDetail,
  AdminHelpRequestListResponse,
  AdminHelpRequestResponse,
  HelpRequestStatus,
} from '@app/shared/schemas/admin-content';
import type { MessageResponse } from '@app/shared/schemas/common';
import { withQuery } from '#lib/api-client';
import { adminApi } from './admin-api';

export type HelpContentKind = 'articles' | 'faqs';
export const helpAdminKey = ['admin', 'help'] as const;
type ListQuery = Record<string, string>;

type ContentList<K extends HelpContentKind> = K extends 'articles'
  ? AdminArticleListResponse
  : AdminFaqListResponse;
type ContentItem<K extends HelpContentKind> = K extends 'articles' ? AdminArticle : AdminFaq;
type ContentInput<K extends HelpContentKind> = K extends 'articles'
  ? AdminArticleCreateInput
  : AdminFaqCreateInput;
type ContentAnswer<K extends HelpContentKind> = K extends 'articles'
  ? AdminArticleResponse
  : AdminFaqResponse;

/** GET /api/admin/help/{articles|faqs} */
export function useHelpContent<K extends HelpContentKind>(kind: K, query: ListQuery) {
  return useQuery({
    queryKey: [...helpAdminKey, kind, 'list', query],
    queryFn: ({ signal }) =>
      adminApi.get<ContentList<K>>(withQuery(`/api/admin/help/${kind}`, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHelpItem<K extends HelpContentKind>(kind: K, id: number | null) {
  return useQuery({
    queryKey: [...helpAdminKey, kind, 'one', id],
    queryFn: ({ signal }) => adminApi.get<ContentItem<K>>(`/api/admin/help/${kind}/${id}`, { signal }),
    enabled: id !== null,
  });
}

/**
 * Every language version of the item `id` belongs to (decision 164): an article's by its slug (read
 * from the article first), a question's through translation_of.
 */
export function useHelpVersions(kind: HelpContentKind, id: number) {
  return useQuery({
    queryKey: [...helpAdminKey, kind, 'versions', id],
    queryFn: async ({ signal }): Promise<{ versions: (AdminArticle | AdminFaq)[]; originalId: number }> => {
      if (kind === 'faqs') {
        const answer = await adminApi.get<AdminFaqVersionsResponse>(`/api/admin/help/faqs/${id}/versions`, {
          signal,
        });
        return { versions: answer.versions, originalId: answer.original_id };
      }
      const article = await adminApi.get<AdminArticle>(`/api/admin/help/articles/${id}`, { signal });
      const answer = await adminApi.get<AdminArticleVersionsResponse>(
        `/api/admin/help/articles/by-slug/${encodeURIComponent(article.slug)}`,
        { signal },
      );
      return { versions: answer.versions, originalId: id };
    },
  });
}

/** Saves one language version from the side-by-side form: POST a new one or PATCH an existing one. */
export function useSaveHelpVersion(kind: HelpContentKind) {
  const invalidate = useInvalidateHelp(kind);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? adminApi.post<MessageResponse>(`/api/admin/help/${kind}`, body)
        : adminApi.patch<MessageResponse>(`/api/admin/help/${kind}/${id}`, body),
    onSettled: invalidate,
  });
}

function useInvalidateHelp(kind: HelpContentKind) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [...helpAdminKey, kind] });
    await queryClient.invalidateQueries({ queryKey: ['help'] });
  };
}

/** Create (no id) or edit an article or question; also publish/unpublish with `{published}`. */
export function useSaveHelpItem<K extends HelpContentKind>(kind: K, id: number | null) {
  const invalidate = useInvalidateHelp(kind);
  return useMutation({
    mutationFn: (body: Partial<ContentInput<K>>) =>
      id === null
        ? adminApi.post<ContentAnswer<K>>(`/api/admin/help/${kind}`, body)
        : adminApi.patch<ContentAnswer<K>>(`/api/admin/help/${kind}/${id}`, body),
    onSuccess: invalidate,
  });
}

/** PATCH published / POST move / DELETE of a row of the list (the row's id travels with the call). */
export function useHelpRowAction(kind: HelpContentKind) {
  const invalidate = useInvalidateHelp(kind);
  return useMutation({
    mutationFn: (
      action: { id: number } & ({ published: boolean } | { move: 'up' | 'down' } | { remove: true }),
    ) => {
      const path = `/api/admin/help/${kind}/${action.id}`;
      if ('published' in action)
        return adminApi.patch<MessageResponse>(path, { published: action.published });
      if ('move' in action) return adminApi.post<MessageResponse>(`${path}/move`, { direction: action.move });
      return adminApi.delete<MessageResponse>(path);
    },
    onSuccess: invalidate,
  });
}

// ── Inbox ────────────────────────────────────────────────────────────────────────────────────
export function useHelpRequests(query: ListQuery) {
  return useQuery({
    queryKey: [...helpAdminKey, 'requests', 'list', query],
    queryFn: ({ signal }) =>
      adminApi.get<AdminHelpRequestListResponse>(withQuery('/api/admin/help/requests', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHelpRequest(id: number) {
  return useQuery({
    queryKey: [...helpAdminKey, 'requests', 'one', id],
    queryFn: ({ signal }) =>
      adminApi.get<AdminHelpRequestDetail>(`/api/admin/help/requests/${id}`, { signal }),
  });
}

/** PATCH status/note or POST reply; the detail is replaced by the answer. */
export function useHelpRequestAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { status?: HelpRequestStatus; note?: string } | { reply: string }) =>
      'reply' in action
        ? adminApi.post<AdminHelpRequestResponse>(`/api/admin/help/requests/${id}/reply`, {
            message: action.reply,
          })
        : adminApi.patch<AdminHelpRequestResponse>(`/api/admin/help/requests/${id}`, action),
    onSuccess: async (data) => {
      queryClient.setQueryData([...helpAdminKey, 'requests', 'one', id], data.request);
      await queryClient.invalidateQueries({ queryKey: [...helpAdminKey, 'requests', 'list'] });
    },
  });
}
