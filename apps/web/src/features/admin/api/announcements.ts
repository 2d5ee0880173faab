import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnnouncementAudienceResponse,
  AnnouncementInput,
  AnnouncementListResponse,
  AnnouncementResponse,
} from '@app/shared/schemas/announcements';
import { withQuery } from '#lib/api-client';
import { adminApi } from './admin-api';

const announcementsKey = ['admin', 'announcements'] as const;

/** GET /api/admin/announcements (superadmin, support). */
export function useAnnouncements(query: Record<string, string>) {
  return useQuery({
    queryKey: [...announcementsKey, query],
    queryFn: ({ signal }) =>
      adminApi.get<AnnouncementListResponse>(
        withQuery('/api/admin/announcements', { ...query, per_page: 20 }),
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/announcements/:id/audience: the members its segment reaches now. */
export function useAnnouncementAudience(id: number | null) {
  return useQuery({
    queryKey: [...announcementsKey, id, 'audience'],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminApi.get<AnnouncementAudienceResponse>(`/api/admin/announcements/${id}/audience`, { signal }),
  });
}

/** POST /api/admin/announcements or PUT /api/admin/announcements/:id. */
export function useSaveAnnouncement(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementInput) =>
      id === null
        ? adminApi.post<AnnouncementResponse>('/api/admin/announcements', body)
        : adminApi.put<AnnouncementResponse>(`/api/admin/announcements/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}

/** POST /api/admin/announcements/:id/send, or /schedule with a time. */
export function useDeliverAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, at }: { id: number; at?: string | null }) =>
      at === undefined
        ? adminApi.post<AnnouncementResponse>(`/api/admin/announcements/${id}/send`, {})
        : adminApi.post<AnnouncementResponse>(`/api/admin/announcements/${id}/schedule`, { at }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}
