import { useMutation } from '@tanstack/react-query';
import { api, withQuery } from '#lib/api-client';
import type { ActivityFilters } from './get-activity';

/**
 * GET /api/activity/export?type=&start_date=&end_date=: the statement of the current filters (every
 * page) as CSV, saved as a file. The bearer token goes in a header, so the browser fetches it rather
 * than following a link.
 */
export function useExportActivity() {
  return useMutation({
    mutationFn: async (filters: ActivityFilters) => {
      const csv = await api.get<string>(withQuery('/api/activity/export', { ...filters }));
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // Revoked on the next tick: the click above has already started the download.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
    },
  });
}
