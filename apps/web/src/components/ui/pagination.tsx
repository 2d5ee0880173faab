import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the list the pages belong to, for screen readers. */
  label: string;
  disabled?: boolean;
}

/** Previous / next with "Page N of M"; hidden when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, label, disabled = false }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-4">
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('common.previous')}
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        {t('common.pageOf', { page, total: totalPages })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        {t('common.next')}
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
      </Button>
    </nav>
  );
}
