import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { PasswordField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { lazyZodResolver, useLazyResolver } from '#lib/lazy-resolver';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['old_password', 'new_password', 'new_password_confirmation'] as const;

/** The request's schema, loaded apart from the page (decision 202). */
const resolver = lazyZodResolver(
  async () => (await import('@app/shared/schemas/auth')).ChangePasswordRequest,
);

/** Change password (spec §5 and §8): all three fields, a matching confirmation, the server's verdict. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useLazyResolver(resolver),
    defaultValues: { old_password: '', new_password: '', new_password_confirmation: '' },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(message('Password changed successfully!'));
        reset();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, FIELDS);
        toast.error(message(errorMessage(error, 'Error changing password.')));
      },
    }),
  );

  return (
    <Card className="p-5 sm:p-7">
      <h2 className="font-semibold">{t('settings.password.title')}</h2>
      <p className="mt-0.5 text-sm text-muted">{t('settings.password.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 max-w-md space-y-4">
        <PasswordField
          label={t('settings.password.old')}
          autoComplete="current-password"
          error={message(errors.old_password?.message)}
          {...register('old_password')}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          hint={t('auth.signup.passwordHint')}
          error={message(errors.new_password?.message)}
          {...register('new_password')}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          error={message(errors.new_password_confirmation?.message)}
          {...register('new_password_confirmation')}
        />
        <Button type="submit" loading={change.isPending || isSubmitting}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </Card>
  );
}
