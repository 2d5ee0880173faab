import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';

/** The note on operator content that has no version in the reader's language (decision 164). */
export function ShownInEnglish({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('block text-xs font-normal text-muted', className)}>
      {t('site.help.shownInEnglish')}
    </span>
  );
}
