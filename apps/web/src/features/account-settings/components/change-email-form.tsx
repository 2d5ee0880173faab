import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserResponse } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { PasswordField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { lazyZodResolver, useLazyResolver } from '#lib/lazy-resolver';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/email-change';

// The two steps' schemas load apart from the page (decision 202).
const requestResolver = lazyZodResolver(
  async () => (await import('@app/shared/schemas/auth')).EmailChangeRequest,
);
const confirmResolver = lazyZodResolver(
  async () => (await import('@app/shared/schemas/auth')).EmailChangeConfirmRequest,
);

/** The answer when a request failed without a field of its own (throttled, server down). */
function useFailure() {
  const { t } = useTranslation();
  const message = useMessage();
  // The server's own words (a throttle's wait, in the reader's language through useMessage), never
  // an HTTP status text such as "Too Many Requests".
  return (error: unknown) => message(errorMessage(error, t('settings.email.error')));
}

function RequestStep({ user, onSent }: { user: UserResponse; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const failureOf = useFailure();
  const request = useRequestEmailChange();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useLazyResolver(requestResolver),
    defaultValues: { email: '', password: '', code: '' },
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    request.mutate(
      { email: values.email, password: values.password, ...(values.code ? { code: values.code } : {}) },
      {
        onSuccess: (answer) => onSent(answer.email),
        onError: (error) => {
          if (!applyFieldErrors(error, setError, ['email', 'password', 'code'])) setFailure(failureOf(error));
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 max-w-md space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label={t('settings.email.newEmail')}
        type="email"
        autoComplete="email"
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <PasswordField
        label={t('settings.email.password')}
        autoComplete="current-password"
        error={message(errors.password?.message)}
        {...register('password')}
      />
      {user.two_factor_enabled && (
        <TextField
          label={t('settings.twoFactor.codeLabel')}
          hint={t('settings.twoFactor.codeOrRecoveryHint')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          maxLength={11}
          error={message(errors.code?.message)}
          {...register('code')}
        />
      )}
      <Button type="submit" loading={request.isPending || isSubmitting}>
        {t('settings.email.send')}
      </Button>
    </form>
  );
}

function ConfirmStep({
  email,
  onDone,
  onBack,
}: {
  email: string;
  onDone: (email: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const failureOf = useFailure();
  const confirm = useConfirmEmailChange();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useLazyResolver(confirmResolver), defaultValues: { code: '' } });
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    confirm.mutate(values, {
      onSuccess: (answer) => onDone(answer.email),
      onError: (error) => {
        const emailError = error instanceof ApiError ? error.fieldErrors?.email?.[0] : undefined;
        if (emailError) return setFailure(message(emailError));
        if (!applyFieldErrors(error, setError, ['code'])) setFailure(failureOf(error));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 max-w-md space-y-4">
      <p className="text-sm" role="status">
        {t('settings.email.codeSent', { email })}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label={t('settings.email.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        error={message(errors.code?.message)}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={confirm.isPending || isSubmitting}>
          {t('settings.email.confirm')}
        </Button>
        <Button type="button" variant="secondary" onClick={onBack}>
          {t('settings.email.back')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Change email (decision 175): step 1 the new address, the password (and a 2FA code when on); step 2
 * the 6-digit code mailed to the new address. Only then does the address change.
 */
export function ChangeEmailForm({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<{ kind: 'request' } | { kind: 'confirm' | 'done'; email: string }>({
    kind: 'request',
  });
  return (
    <Card className="mt-6 p-5 sm:p-7">
      <h2 className="font-semibold">{t('settings.email.title')}</h2>
      <p className="mt-0.5 text-sm text-muted">{t('settings.email.lead', { email: user.email })}</p>
      {step.kind === 'request' && (
        <RequestStep user={user} onSent={(email) => setStep({ kind: 'confirm', email })} />
      )}
      {step.kind === 'confirm' && (
        <ConfirmStep
          email={step.email}
          onDone={(email) => setStep({ kind: 'done', email })}
          onBack={() => setStep({ kind: 'request' })}
        />
      )}
      {step.kind === 'done' && (
        <div className="mt-6 max-w-md">
          <Alert tone="success">{t('settings.email.changed', { email: step.email })}</Alert>
        </div>
      )}
    </Card>
  );
}
