import type { ReactNode } from 'react';
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { useMessage } from '#i18n/use-message';

/** What a field component (TextField, SelectField...) takes for one form value: its registration and its error. */
export type FieldBinding<Name extends string = string> = UseFormRegisterReturn<Name> & {
  error: string | undefined;
};

/**
 * The back office forms' useForm: react-hook-form's, plus `errors` and `field(name)`, which binds a
 * top-level value to a field component (`<TextField label={…} {...field('name')} />`) with its error
 * message translated.
 */
export function useAdminForm<Values extends FieldValues>(options: UseFormProps<Values>) {
  const message = useMessage();
  const form = useForm<Values>(options);
  const { errors } = form.formState;
  const field = <Name extends Path<Values>>(name: Name): FieldBinding<Name> => ({
    error: message((errors as Record<string, FieldError | undefined>)[name]?.message),
    ...form.register(name),
  });
  return { ...form, errors, field };
}

/** A form's footer: its submit button and Cancel (both held while the form is sent). */
export function FormActions({
  pending,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: ReactNode;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
        {t('admin.content.cancel')}
      </Button>
    </div>
  );
}
