import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminKycActionResponse,
  AdminKycDetailResponse,
  AdminKycListResponse,
} from '@app/shared/schemas/kyc';
import { api } from '#lib/api-client';

const adminKey = ['admin', 'kyc'] as const;

/** Rows a page of the queue: the next ones load on demand, from the page before's cursor. */
export const KYC_QUEUE_PAGE = 50;

export function useAdminKycQueue(status: 'submitted' | 'approved' | 'rejected') {
  return useInfiniteQuery({
    queryKey: [...adminKey, status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ status, per_page: String(KYC_QUEUE_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return api.get<AdminKycListResponse>(`/api/admin/kyc?${query}`, { auth: 'admin' });
    },
    getNextPageParam: (last) => last.next_cursor,
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
