import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';

const CONTROL =
  'block w-full rounded-lg border bg-surface px-3.5 text-[15px] text-fg shadow-xs transition-colors ' +
  'placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-3 focus:ring-brand/15 ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted';

function controlClass(invalid: boolean, extra?: string) {
  return cn(CONTROL, invalid ? 'border-danger' : 'border-line-strong', extra);
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown beside the label, e.g. "Optional" or a link. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

/** Label, control, hint and error of one form field, wired for screen readers. */
function FieldFrame({ id, label, error, hint, aside, children, className }: FieldFrameProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {aside && <span className="text-xs text-muted">{aside}</span>}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  containerClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  aside,
  containerClassName,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} className={containerClassName}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(Boolean(error), cn('h-11', className))}
        {...input}
      />
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide button. */
export function PasswordField({
  label,
  error,
  hint,
  aside,
  containerClassName,
  className,
  ...input
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} className={containerClassName}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={controlClass(Boolean(error), cn('h-11 pe-11', className))}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={visible}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-muted hover:text-fg"
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  containerClassName?: string;
}

export function SelectField({
  label,
  error,
  hint,
  aside,
  containerClassName,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} className={containerClassName}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(Boolean(error), cn('h-11 appearance-auto', className))}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
}

export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input id={id} type="checkbox" className="size-4 rounded border-line-strong accent-brand" {...input} />
      <label htmlFor={id} className="text-sm text-fg select-none">
        {label}
      </label>
    </div>
  );
}

export interface TextareaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  containerClassName?: string;
}

/** A multi-line text field. */
export function TextareaField({
  label,
  error,
  hint,
  aside,
  containerClassName,
  className,
  ...textarea
}: TextareaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} className={containerClassName}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(Boolean(error), cn('min-h-24 py-2.5 leading-relaxed', className))}
        {...textarea}
      />
    </FieldFrame>
  );
}
