import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAccountResponse,
  AdminListResponse,
  AuditLogResponse,
  CreateAdminRequest,
  UpdateAdminRequest,
} from '@app/shared/schemas/admin';
import { withQuery } from '#lib/api-client';
import { readToken } from '#lib/tokens';
import { adminApi } from './admin-api';

const adminsKey = ['admin', 'admins'] as const;

/** GET /api/admin/admins (superadmin). */
export function useAdmins(query: Record<string, string>) {
  return useQuery({
    queryKey: [...adminsKey, query],
    queryFn: ({ signal }) =>
      adminApi.get<AdminListResponse>(withQuery('/api/admin/admins', { ...query, per_page: 25 }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/admins (asks for a code when the window is closed). */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminRequest) => adminApi.post<AdminAccountResponse>('/api/admin/admins', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}

/** PATCH /api/admin/admins/:id (asks for a code when the window is closed). */
export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAdminRequest & { id: number }) =>
      adminApi.patch<AdminAccountResponse>(`/api/admin/admins/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}

/** GET /api/admin/audit-log with the URL's filters. */
export function useAuditLog(query: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'audit-log', query],
    queryFn: ({ signal }) =>
      adminApi.get<AuditLogResponse>(withQuery('/api/admin/audit-log', { ...query, per_page: 50 }), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/admin/audit-log/export: the CSV of the filters, saved as a file. The bearer token cannot
 * ride on a plain link, so the file is fetched and handed to the browser as a download.
 */
export async function downloadAuditCsv(query: Record<string, string>): Promise<void> {
  const { page: _page, sort: _sort, ...filters } = query;
  const token = readToken('admin');
  const response = await fetch(withQuery('/api/admin/audit-log/export', filters), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
  if (!response.ok) throw new Error('Export failed.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(url);
}
