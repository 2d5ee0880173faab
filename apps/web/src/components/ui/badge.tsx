import type { ReactNode } from 'react';
import { cn } from '#lib/cn';

const TONES = {
  warning: 'bg-warning-soft text-warning',
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
  neutral: 'bg-surface-muted text-muted',
  info: 'bg-brand-soft text-brand-text',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small status label. The tone is colour only: the text always says the status. */
export function Badge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
