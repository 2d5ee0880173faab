import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycSide } from '@app/shared/kyc';
import type { KycActionResponse, KycSubmitRequest, KycUploadResponse } from '@app/shared/schemas/kyc';
import { api, apiUpload } from '#lib/api-client';
import { kycQueryKey } from '#lib/kyc';

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
