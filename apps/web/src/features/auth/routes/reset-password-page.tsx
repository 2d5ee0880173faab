import '#lib/zod-config';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordRequest } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { PasswordField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { applyFieldErrors } from '#lib/form-errors';
import { zodResolver } from '#lib/zod-resolver';
import { useResetPassword } from '../api/password-reset';
import { AuthLayout } from '../components/auth-layout';

/** The API's words for a used, expired or wrong link (RESET_MESSAGES.invalid, decision 172). */
const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.';

/** A link that cannot work (used, expired, wrong, or missing its parts): why, and a way to a new one. */
function InvalidLink({ text, email }: { text: string; email: string }) {
  const { t } = useTranslation();
  const to = email ? `/forgot-password?email=${encodeURIComponent(email)}` : '/forgot-password';
  return (
    <Alert tone="error">
      <p>{text}</p>
      <Link to={to} className="mt-1 inline-block font-medium underline">
        {t('auth.reset.askAgain')}
      </Link>
    </Alert>
  );
}

/**
 * /reset-password?token=…&email=… (the mailed link, decision 172): a new password and its confirmation
 * under the sign-up policy; success leads to /login with the API's message.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  useDocumentMeta(t('auth.reset.metaTitle'), t('auth.reset.metaDescription'));
  const reset = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(token && email ? null : INVALID_LINK);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordRequest),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    reset.mutate(values, {
      onSuccess: (answer) =>
        void navigate('/login', { replace: true, state: { passwordReset: answer.message } }),
      onError: (error) => {
        const tokenError = error instanceof ApiError ? error.fieldErrors?.token?.[0] : undefined;
        if (tokenError) return setLinkError(tokenError);
        if (error instanceof ApiError && error.status === 429) return setFailure(t('auth.forgot.throttled'));
        if (!applyFieldErrors(error, setError, ['password', 'password_confirmation'])) {
          setFailure(message(errorMessage(error, 'An error occurred')));
        }
      },
    });
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold tracking-tight">{t('auth.reset.title')}</h1>
      {linkError ? (
        <div className="mt-6">
          <InvalidLink text={message(linkError)} email={email} />
        </div>
      ) : (
        <>
          <p className="mt-1.5 text-[15px] break-words text-muted">{t('auth.reset.lead', { email })}</p>
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <PasswordField
              label={t('auth.reset.password')}
              hint={t('auth.signup.passwordHint')}
              autoComplete="new-password"
              error={message(errors.password?.message)}
              {...register('password')}
            />
            <PasswordField
              label={t('auth.reset.confirmation')}
              autoComplete="new-password"
              error={message(errors.password_confirmation?.message)}
              {...register('password_confirmation')}
            />
            {failure && <Alert tone="error">{failure}</Alert>}
            <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
              {t('auth.reset.submit')}
            </Button>
          </form>
        </>
      )}
      <Link to="/login" className="mt-6 inline-block text-sm font-medium text-brand-text hover:underline">
        {t('auth.forgot.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
