import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { OTP_LENGTH } from '@app/shared/constants';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { lazyZodResolver, useLazyResolver } from '#lib/lazy-resolver';
import { ApiError, errorMessage } from '#lib/api-client';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';

/** The code's part of the request's schema, loaded apart from the page (decision 202). */
const resolver = lazyZodResolver(async () =>
  (await import('@app/shared/schemas/auth')).VerifyOtpRequest.pick({ otp: true }),
);

/** Why a verification failed, in the spec's words (§8). */
function verificationFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return 'Network error during OTP verification';
  return errorMessage(error, 'OTP verification failed');
}

interface OtpFormProps {
  /** The address the code was mailed to; null when the account has none on record. */
  email: string | null;
  onVerified: () => void;
  /** Hidden once verified, so the code cannot be sent twice. */
  disabled?: boolean;
}

/** The 6-digit email code entry with a resend link (sign-up and /verify). */
export function OtpForm({ email, onVerified, disabled = false }: OtpFormProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useLazyResolver(resolver), defaultValues: { otp: '' } });

  const onSubmit = handleSubmit(({ otp }) => {
    setFailure(null);
    if (!email) {
      setFailure('User email not available');
      return;
    }
    verify.mutate(
      { email, otp },
      { onSuccess: onVerified, onError: (error) => setFailure(verificationFailure(error)) },
    );
  });

  const resendCode = () => {
    if (!email) {
      toast.error(message('User email not available'));
      return;
    }
    resend.mutate(
      { email },
      {
        onSuccess: () => toast.success(message('Verification email resent! Check your inbox for the OTP.')),
        onError: (error) => toast.error(message(errorMessage(error, 'Error resending verification email'))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('auth.otp.label')}
        hint={t('auth.otp.hint', { length: OTP_LENGTH })}
        error={message(errors.otp?.message)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        placeholder="000000"
        className="text-center font-mono text-xl tracking-[0.5em] placeholder:tracking-[0.5em]"
        disabled={disabled}
        {...register('otp')}
      />
      {failure && <Alert tone="error">{message(failure)}</Alert>}
      <Button type="submit" className="w-full" loading={verify.isPending || isSubmitting} disabled={disabled}>
        {t('auth.otp.submit')}
      </Button>
      <p className="text-center text-sm text-muted">
        {t('auth.otp.noCode')}{' '}
        <Button
          variant="link"
          onClick={resendCode}
          loading={resend.isPending}
          disabled={disabled}
          className="inline-flex"
        >
          {t('auth.otp.resend')}
        </Button>
      </p>
    </form>
  );
}
