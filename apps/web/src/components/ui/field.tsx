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

/** What a labelled field takes beside its control's own props. */
interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  containerClassName?: string;
}

/**
 * Splits a field's props: `frame` for FieldFrame, `control` for its input, select or textarea: the id and
 * ARIA that tie it to the label, hint and error, the control classes with `sizing`, then the caller's own
 * props, spread last so they win as before.
 */
function useField<P extends FieldProps & { className?: string | undefined }>(
  { label, error, hint, aside, containerClassName, className, ...rest }: P,
  sizing: string,
) {
  const id = useId();
  return {
    frame: { id, label, error, hint, aside, className: containerClassName },
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, error, hint),
      className: controlClass(Boolean(error), cn(sizing, className)),
      ...rest,
    },
  };
}

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & FieldProps;

export function TextField(props: TextFieldProps) {
  const { frame, control } = useField(props, 'h-11');
  return (
    <FieldFrame {...frame}>
      <input {...control} />
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide button. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const { frame, control } = useField(props, 'h-11 pe-11');
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <input type={visible ? 'text' : 'password'} {...control} />
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

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & FieldProps;

export function SelectField(props: SelectFieldProps) {
  const { frame, control } = useField(props, 'h-11 appearance-auto');
  return (
    <FieldFrame {...frame}>
      <select {...control} />
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

export type TextareaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & FieldProps;

/** A multi-line text field. */
export function TextareaField(props: TextareaFieldProps) {
  const { frame, control } = useField(props, 'min-h-24 py-2.5 leading-relaxed');
  return (
    <FieldFrame {...frame}>
      <textarea {...control} />
    </FieldFrame>
  );
}
