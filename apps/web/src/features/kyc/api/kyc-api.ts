import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminKycActionResponse,
  AdminKycDetailResponse,
  AdminKycListResponse,
  KycActionResponse,
  KycSide,
  KycStateResponse,
  KycSubmitRequest,
  KycUploadResponse,
} from '@app/shared/schemas/kyc';
import { api, apiUpload } from '#lib/api-client';

export const kycQueryKey = ['kyc'] as const;

/** GET /api/kyc: the member's verification, drafts and the operator's withdrawal limit. */
export function useKyc(enabled = true) {
  return useQuery({
    queryKey: kycQueryKey,
    queryFn: async () => (await api.get<KycStateResponse>('/api/kyc')).kyc,
    enabled,
  });
}

export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ side, file }: { side: KycSide; file: File }) =>
      apiUpload<KycUploadResponse>(`/api/kyc/documents/${side}`, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycQueryKey }),
  });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycSubmitRequest) => api.post<KycActionResponse>('/api/kyc/submit', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycQueryKey }),
  });
}

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
