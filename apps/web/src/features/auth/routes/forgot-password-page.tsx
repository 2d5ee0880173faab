import '#lib/zod-config';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordRequest } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { applyFieldErrors } from '#lib/form-errors';
import { zodResolver } from '#lib/zod-resolver';
import { useForgotPassword } from '../api/password-reset';
import { AuthLayout } from '../components/auth-layout';

const isThrottled = (error: unknown) => error instanceof ApiError && error.status === 429;

/**
 * /forgot-password (issue 36 item 1, decision 172): an email address, then the API's one answer
 * whether or not an account exists (no enumeration). Too many requests (429) is said plainly.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const [params] = useSearchParams();
  useDocumentMeta(t('auth.forgot.metaTitle'), t('auth.forgot.metaDescription'));
  const forgot = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    forgot.mutate(values, {
      onError: (error) => {
        if (isThrottled(error)) return setFailure(t('auth.forgot.throttled'));
        if (!applyFieldErrors(error, setError, ['email'])) {
          setFailure(message(errorMessage(error, 'An error occurred')));
        }
      },
    });
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold tracking-tight">{t('auth.forgot.title')}</h1>
      {forgot.data ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success">{message(forgot.data.message)}</Alert>
          <p className="text-sm text-muted">{t('auth.forgot.sentHint')}</p>
        </div>
      ) : (
        <>
          <p className="mt-1.5 text-[15px] text-muted">{t('auth.forgot.lead')}</p>
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <TextField
              label={t('auth.login.email')}
              type="email"
              autoComplete="email"
              error={message(errors.email?.message)}
              {...register('email')}
            />
            {failure && <Alert tone="error">{failure}</Alert>}
            <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
              {t('auth.forgot.submit')}
            </Button>
          </form>
        </>
      )}
      <Link
        to="/login"
        className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-brand-text hover:underline"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('auth.forgot.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
