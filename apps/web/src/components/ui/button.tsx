import type { ComponentPropsWithRef } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '#lib/cn';
import { SpinnerIcon } from './spinner';

const VARIANTS = {
  primary: 'bg-brand text-brand-fg shadow-sm hover:bg-brand-hover disabled:hover:bg-brand',
  secondary: 'border border-line-strong bg-surface text-fg shadow-xs hover:bg-surface-muted',
  ghost: 'text-fg hover:bg-surface-muted',
  danger: 'bg-danger text-white shadow-sm hover:opacity-90 dark:text-bg',
  link: 'text-brand-text underline-offset-4 hover:underline px-0! h-auto!',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-11 px-4 text-sm gap-2',
  lg: 'h-12 px-5 text-base gap-2',
  icon: 'size-10 justify-center',
} as const;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** Renders the child element (a link) with the button's look. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  asChild = false,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <SpinnerIcon className="size-4" />}
      {children}
    </button>
  );
}
