import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreference,
  NotificationPreferencesResponse,
  NotificationPreferencesSaved,
} from '@app/shared/schemas/notifications';
import { api } from '#lib/api-client';

export const notificationPreferencesQueryKey = ['notification-preferences'] as const;

/** GET /api/notification-preferences: per category, in the app and by email (decision 178). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) =>
      api.get<NotificationPreferencesResponse>('/api/notification-preferences', { signal }),
  });
}

/** PUT /api/notification-preferences; the bell reads again, as some categories may now be shown or hidden. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) =>
      api.put<NotificationPreferencesSaved>('/api/notification-preferences', { preferences }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationPreferencesQueryKey, { data: answer.data });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
