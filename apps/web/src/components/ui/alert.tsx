import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';
import { Button } from './button';

const TONES = {
  error: { box: 'border-danger-line bg-danger-soft text-danger', Icon: CircleAlert },
  success: { box: 'border-success-line bg-success-soft text-success', Icon: CircleCheck },
  info: { box: 'border-line bg-brand-soft text-brand-text', Icon: Info },
  warning: { box: 'border-warning-line bg-warning-soft text-warning', Icon: TriangleAlert },
} as const;

interface AlertProps {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}

/** A message banner: errors are alerts (announced at once), the others polite status messages. */
export function Alert({ tone, children, className }: AlertProps) {
  const { box, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 leading-relaxed">{children}</div>
    </div>
  );
}

/** A load that failed: the error and a Retry button (docs/decisions/048: every screen has an error state). */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{children}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
