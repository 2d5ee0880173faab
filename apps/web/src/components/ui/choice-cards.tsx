import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '#lib/cn';

interface Option {
  value: string;
  label: ReactNode;
  description?: ReactNode;
}

export interface ChoiceCardsProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> {
  legend: ReactNode;
  options: Option[];
  error?: string | undefined;
  /** Columns from the sm breakpoint up. */
  columns?: 1 | 2 | 3;
}

/**
 * One choice among a few, as radio buttons drawn as cards: a fieldset with its legend, arrow keys
 * move between options. Spread react-hook-form's `register(name)` on it like on an input.
 */
export function ChoiceCards({ legend, options, error, columns = 3, className, ...input }: ChoiceCardsProps) {
  const id = useId();
  return (
    <fieldset className={cn('space-y-1.5', className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 && 'sm:grid-cols-2', columns === 3 && 'sm:grid-cols-3')}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer gap-2.5 rounded-xl border border-line-strong bg-surface p-3 text-sm',
              'hover:bg-surface-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft',
              'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand/25',
            )}
          >
            <input
              type="radio"
              value={option.value}
              className="mt-0.5 size-4 shrink-0 accent-brand"
              {...input}
            />
            <span className="min-w-0">
              <span className="block font-medium text-fg">{option.label}</span>
              {option.description && (
                <span className="mt-0.5 block text-xs leading-snug text-muted">{option.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
