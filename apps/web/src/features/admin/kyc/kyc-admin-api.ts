import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminKycActionResponse,
  AdminKycDetailResponse,
  AdminKycListResponse,
} from '@app/shared/schemas/kyc';
import { api } from '#lib/api-client';

const adminKey = ['admin', 'kyc'] as const;

export function useAdminKycQueue(status: 'submitted' | 'approved' | 'rejected') {
  return useQuery({
    queryKey: [...adminKey, status],
    queryFn: () => api.get<AdminKycListResponse>(`/api/admin/kyc?status=${status}`, { auth: 'admin' }),
  });
}

export function useAdminKycDetail(userId: number | null) {
  return useQuery({
    queryKey: [...adminKey, 'detail', userId],
    queryFn: () => api.get<AdminKycDetailResponse>(`/api/admin/kyc/${userId}`, { auth: 'admin' }),
    enabled: userId !== null,
  });
}

export function useAdminKycDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string | null }) =>
      reason === null
        ? api.post<AdminKycActionResponse>(`/api/admin/kyc/${userId}/approve`, {}, { auth: 'admin' })
        : api.post<AdminKycActionResponse>(`/api/admin/kyc/${userId}/reject`, { reason }, { auth: 'admin' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
