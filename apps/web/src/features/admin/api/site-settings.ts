import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsResponse, AdminSettingsUpdateInput } from '@app/shared/schemas/admin-content';
import { api } from '#lib/api-client';

export const siteSettingsKey = ['admin', 'settings'] as const;
const admin = { auth: 'admin' as const };

/** GET /api/admin/settings */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKey,
    queryFn: ({ signal }) => api.get<AdminSettingsResponse>('/api/admin/settings', { ...admin, signal }),
  });
}

/** PUT /api/admin/settings: the public site's settings (GET /api/front) are read again after it. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSettingsUpdateInput) =>
      api.put<AdminSettingsResponse & { message: string }>('/api/admin/settings', body, admin),
    onSuccess: async (data) => {
      queryClient.setQueryData(siteSettingsKey, data);
      await queryClient.invalidateQueries({ queryKey: ['front'] });
    },
  });
}
