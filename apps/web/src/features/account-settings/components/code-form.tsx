import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { lazyZodResolver, useLazyResolver } from '#lib/lazy-resolver';

// The codes' schemas load apart from the page (decision 202).
const authSchemas = () => import('@app/shared/schemas/auth');
const totpResolver = lazyZodResolver(async () => (await authSchemas()).TotpCodeRequest);
const loginCodeResolver = lazyZodResolver(async () => (await authSchemas()).TwoFactorLoginRequest);

interface CodeFormProps {
  /** 'totp': a 6-digit code only (confirming the setup); 'any': a code or a recovery code. */
  accept: 'totp' | 'any';
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  onSubmit: (token: string) => void;
  submitVariant?: 'primary' | 'danger';
  /** Shown beside the submit button, e.g. Cancel. */
  secondary?: ReactNode;
}

/** One authenticator code field with its submit button (enable, disable, new recovery codes). */
export function CodeForm({
  accept,
  submitLabel,
  pending,
  failure,
  onSubmit,
  submitVariant = 'primary',
  secondary,
}: CodeFormProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useLazyResolver(accept === 'totp' ? totpResolver : loginCodeResolver),
    defaultValues: { token: '' },
  });

  return (
    <form
      id={formId}
      onSubmit={handleSubmit(({ token }) => onSubmit(token))}
      noValidate
      className="space-y-4"
    >
      <TextField
        label={t('settings.twoFactor.codeLabel')}
        hint={
          accept === 'totp' ? t('settings.twoFactor.codeHint') : t('settings.twoFactor.codeOrRecoveryHint')
        }
        autoComplete="one-time-code"
        inputMode={accept === 'totp' ? 'numeric' : 'text'}
        maxLength={accept === 'totp' ? 6 : 11}
        autoCapitalize="none"
        spellCheck={false}
        placeholder={accept === 'totp' ? '000000' : undefined}
        className="max-w-60 font-mono tracking-widest"
        error={message(errors.token?.message)}
        {...register('token')}
      />
      {failure && <Alert tone="error">{message(failure)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={submitVariant} loading={pending || isSubmitting}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
