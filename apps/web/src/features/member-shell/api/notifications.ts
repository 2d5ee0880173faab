import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationListResponse, NotificationReadResponse } from '@app/shared/schemas/notifications';
import { useTranslation } from 'react-i18next';
import { api } from '#lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** How often the bell asks for new notifications while the page is open. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * GET /api/notifications: the newest page and the unread count; polled, and again on focus. The texts
 * come in the UI language (?lang=), so switching language asks again.
 */
export function useNotifications() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useQuery({
    queryKey: [...notificationsQueryKey, language],
    queryFn: ({ signal }) =>
      api.get<NotificationListResponse>(
        `/api/notifications?page=1&per_page=20&lang=${encodeURIComponent(language)}`,
        { signal },
      ),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/notifications/:id/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<NotificationReadResponse>(`/api/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationReadResponse>('/api/notifications/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
