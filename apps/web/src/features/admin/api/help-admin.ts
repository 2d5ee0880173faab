import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminArticle,
  AdminArticleCreateInput,
  AdminArticleListResponse,
  AdminArticleResponse,
  AdminFaq,
  AdminFaqCreateInput,
  AdminFaqListResponse,
  AdminFaqResponse,
  AdminHelpRequestDetail,
  AdminHelpRequestListResponse,
  AdminHelpRequestResponse,
  HelpRequestStatus,
} from '@app/shared/schemas/admin-content';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api, withQuery } from '#lib/api-client';

export type HelpContentKind = 'articles' | 'faqs';
export const helpAdminKey = ['admin', 'help'] as const;
const admin = { auth: 'admin' as const };

export interface HelpListState {
  page: number;
  perPage: number;
  q?: string | undefined;
  published?: string | undefined;
}

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
export function useHelpContent<K extends HelpContentKind>(kind: K, state: HelpListState) {
  return useQuery({
    queryKey: [...helpAdminKey, kind, 'list', state],
    queryFn: ({ signal }) =>
      api.get<ContentList<K>>(
        withQuery(`/api/admin/help/${kind}`, {
          page: state.page,
          per_page: state.perPage,
          q: state.q,
          published: state.published,
        }),
        { ...admin, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useHelpItem<K extends HelpContentKind>(kind: K, id: number | null) {
  return useQuery({
    queryKey: [...helpAdminKey, kind, 'one', id],
    queryFn: ({ signal }) => api.get<ContentItem<K>>(`/api/admin/help/${kind}/${id}`, { ...admin, signal }),
    enabled: id !== null,
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
        ? api.post<ContentAnswer<K>>(`/api/admin/help/${kind}`, body, admin)
        : api.patch<ContentAnswer<K>>(`/api/admin/help/${kind}/${id}`, body, admin),
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
        return api.patch<MessageResponse>(path, { published: action.published }, admin);
      if ('move' in action)
        return api.post<MessageResponse>(`${path}/move`, { direction: action.move }, admin);
      return api.delete<MessageResponse>(path, admin);
    },
    onSuccess: invalidate,
  });
}

// ── Inbox ────────────────────────────────────────────────────────────────────────────────────
export interface InboxListState {
  page: number;
  perPage: number;
  q?: string | undefined;
  status?: string | undefined;
  sort?: string | undefined;
}

export function useHelpRequests(state: InboxListState) {
  return useQuery({
    queryKey: [...helpAdminKey, 'requests', 'list', state],
    queryFn: ({ signal }) =>
      api.get<AdminHelpRequestListResponse>(
        withQuery('/api/admin/help/requests', {
          page: state.page,
          per_page: state.perPage,
          q: state.q,
          status: state.status,
          sort: state.sort,
        }),
        { ...admin, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useHelpRequest(id: number) {
  return useQuery({
    queryKey: [...helpAdminKey, 'requests', 'one', id],
    queryFn: ({ signal }) =>
      api.get<AdminHelpRequestDetail>(`/api/admin/help/requests/${id}`, { ...admin, signal }),
  });
}

/** PATCH status/note or POST reply; the detail is replaced by the answer. */
export function useHelpRequestAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { status?: HelpRequestStatus; note?: string } | { reply: string }) =>
      'reply' in action
        ? api.post<AdminHelpRequestResponse>(
            `/api/admin/help/requests/${id}/reply`,
            { message: action.reply },
            admin,
          )
        : api.patch<AdminHelpRequestResponse>(`/api/admin/help/requests/${id}`, action, admin),
    onSuccess: async (data) => {
      queryClient.setQueryData([...helpAdminKey, 'requests', 'one', id], data.request);
      await queryClient.invalidateQueries({ queryKey: [...helpAdminKey, 'requests', 'list'] });
    },
  });
}
