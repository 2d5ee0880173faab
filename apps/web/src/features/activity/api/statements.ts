import { useMutation, useQuery } from '@tanstack/react-query';
import type { StatementFormat, StatementListResponse } from '@app/shared/schemas/statements';
import { api } from '#lib/api-client';
import { downloadMemberFile } from '#lib/download';

export const statementsQueryKey = ['statements'] as const;

/** GET /api/statements: the months the member has a statement for, newest first. */
export function useStatements() {
  return useQuery({
    queryKey: statementsQueryKey,
    queryFn: ({ signal }) => api.get<StatementListResponse>('/api/statements', { signal }),
  });
}

/**
 * GET /api/statements/:month?format=pdf|csv, saved as a file. The bearer token goes in a header, so
 * the browser fetches the file (as bytes: a PDF is not text) rather than following a link.
 */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: ({ month, format }: { month: string; format: StatementFormat }) =>
      downloadMemberFile(`/api/statements/${month}?format=${format}`, `statement-${month}.${format}`),
  });
}
