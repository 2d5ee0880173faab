import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsResponse, AdminSettingsUpdateInput } from '@app/shared/schemas/admin-content';
import { adminApi } from './admin-api';

export const siteSettingsKey = ['admin', 'settings'] as const;

/** GET /api/admin/settings */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKey,
    queryFn: ({ signal }) => adminApi.get<AdminSettingsResponse>('/api/admin/settings', { signal }),
  });
}

/**
 * PUT /api/admin/settings (a recent second factor: adminApi asks for a code and sends it again); the public site's settings (GET /api/front) are read again after it. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSettingsUpdateInput) =>
      adminApi.put<AdminSettingsResponse & { message: string }>('/api/admin/settings', body),
    onSuccess: async (data) => {
      queryClient.setQueryData(siteSettingsKey, data);
      await queryClient.invalidateQueries({ queryKey: ['front'] });
    },
  });
}
