import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionListResponse, SessionRevokeResponse } from '@app/shared/schemas/sessions';
import { api } from '#lib/api-client';

export const sessionsQueryKey = ['sessions'] as const;

/** GET /api/sessions: the member's signed-in sessions, this one marked. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => api.get<SessionListResponse>('/api/sessions', { signal }),
  });
}

/** DELETE /api/sessions/:id, or /api/sessions/others for every session but this one. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number | 'others') => api.delete<SessionRevokeResponse>(`/api/sessions/${target}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
