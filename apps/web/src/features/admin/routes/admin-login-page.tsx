import { useEffect, useState, type BaseSyntheticEvent, type FormEvent, type ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { KeyRound, LockKeyhole } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminEnrolResponse } from '@app/shared/schemas/admin';
import { AuthenticatorSetup, RecoveryCodeList } from '#components/authenticator-setup';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { CopyButton } from '#components/ui/copy-button';
import { CheckboxField, PasswordField, TextField } from '#components/ui/field';
import { Spinner } from '#components/ui/spinner';
import { BrandMark } from '#components/brand';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminEnrol, useAdminLogin, useAdminVerify } from '../api/admin-login';

interface AdminLoginValues {
  email: string;
  password: string;
  remember: boolean;
}

type Step = 'password' | 'code' | 'enrol' | 'recovery';

/**
 * Admin Login (spec §2, decision 120): email and password, then always a second factor. An admin
 * without an authenticator sets one up here, before anything else of the back office opens: the QR
 * code and secret, a code from the app, and the recovery codes shown once.
 */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here by the layout when the session ended under a screen (idle timeout, signed out elsewhere).
  const sessionEnded = (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  const login = useAdminLogin();
  const [step, setStep] = useState<Step>('password');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<AdminLoginValues>({
    defaultValues: { email: '', password: '', remember: false },
  });
  useDocumentMeta(t('admin.login.metaTitle'), t('admin.login.metaDescription'));

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: (answer) => setStep(answer.enrolment_required ? 'enrol' : 'code'),
      onError: (error) => setFailure(errorMessage(error, 'Login failed')),
    });
  });

  const restart = () => {
    setFailure(null);
    setStep('password');
  };
  const signedIn = (codes: string[] | undefined) => {
    if (codes && codes.length > 0) {
      setRecoveryCodes(codes);
      setStep('recovery');
    } else {
      void navigate('/admin', { replace: true });
    }
  };

  let title = t('admin.login.title');
  let body: ReactNode;
  if (step === 'code') {
    title = t('admin.login.codeTitle');
    body = <CodeStep lead={t('admin.login.codeLead')} onSignedIn={signedIn} onRestart={restart} />;
  } else if (step === 'enrol') {
    title = t('admin.enrol.title');
    body = <EnrolStep onSignedIn={signedIn} onRestart={restart} />;
  } else if (step === 'recovery') {
    title = t('admin.enrol.recoveryTitle');
    body = <RecoveryStep codes={recoveryCodes} onDone={() => void navigate('/admin', { replace: true })} />;
  } else {
    body = (
      <PasswordStep
        onSubmit={onSubmit}
        register={register}
        sessionEnded={sessionEnded}
        failure={failure}
        pending={login.isPending}
      />
    );
  }

  return (
    <LoginFrame wide={step === 'enrol' || step === 'recovery'} title={title}>
      {body}
    </LoginFrame>
  );
}

/** The screen around each step: the brand, the step's title, the lead, and the step in a card. */
function LoginFrame({ wide, title, children }: { wide: boolean; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg px-4 py-10">
      <div className={wide ? 'w-full max-w-lg' : 'w-full max-w-sm'}>
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark className="size-11" />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
            <LockKeyhole className="size-3.5" aria-hidden="true" />
            {t('admin.login.lead')}
          </p>
        </div>
        <Card className="p-6">{children}</Card>
      </div>
    </main>
  );
}

/** Email, password and "remember me"; the form's values and the call stay with the page. */
function PasswordStep({
  onSubmit,
  register,
  sessionEnded,
  failure,
  pending,
}: {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  register: UseFormRegister<AdminLoginValues>;
  sessionEnded: boolean;
  failure: string | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {sessionEnded && !failure && <Alert tone="info">{t('admin.login.sessionEnded')}</Alert>}
      <TextField
        label={t('admin.login.email')}
        type="email"
        required
        autoComplete="username"
        {...register('email', { required: true })}
      />
      <PasswordField
        label={t('admin.login.password')}
        required
        autoComplete="current-password"
        {...register('password', { required: true })}
      />
      <CheckboxField label={t('admin.login.remember')} {...register('remember')} />
      {failure && <Alert tone="error">{message(failure)}</Alert>}
      <Button type="submit" className="w-full" loading={pending}>
        {t('admin.login.submit')}
      </Button>
    </form>
  );
}

/** A 6-digit code (or a recovery code, when allowed) for POST /api/admin/2fa/verify. */
function CodeStep({
  lead,
  onSignedIn,
  onRestart,
  allowRecovery = true,
}: {
  lead: ReactNode;
  onSignedIn: (recoveryCodes: string[] | undefined) => void;
  onRestart: () => void;
  allowRecovery?: boolean;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const verify = useAdminVerify();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    verify.mutate(code.trim(), {
      onSuccess: (answer) => onSignedIn(answer.recovery_codes),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) setExpired(true);
        setFailure(errorMessage(error, 'Invalid 2FA token'));
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted">{lead}</p>
      <TextField
        label={t('admin.login.code')}
        autoComplete="one-time-code"
        inputMode={allowRecovery ? 'text' : 'numeric'}
        hint={allowRecovery ? t('admin.login.codeHint') : undefined}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {failure && <Alert tone="error">{message(failure)}</Alert>}
      {expired ? (
        <Button type="button" className="w-full" onClick={onRestart}>
          {t('admin.login.startOver')}
        </Button>
      ) : (
        <Button type="submit" className="w-full" loading={verify.isPending} disabled={code.trim() === ''}>
          {t('admin.login.verify')}
        </Button>
      )}
    </form>
  );
}

/** First sign-in: a new authenticator (QR code and secret), confirmed by one of its codes. */
function EnrolStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (recoveryCodes: string[] | undefined) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const enrol = useAdminEnrol();
  const [setup, setSetup] = useState<AdminEnrolResponse | null>(null);
  const { mutate } = enrol;

  useEffect(() => {
    mutate(undefined, { onSuccess: setSetup });
  }, [mutate]);

  if (enrol.isError && !setup) {
    const ended = enrol.error instanceof ApiError && enrol.error.status === 401;
    return ended ? (
      <div className="space-y-4">
        <Alert tone="error">{message(errorMessage(enrol.error, 'Login failed'))}</Alert>
        <Button className="w-full" onClick={onRestart}>
          {t('admin.login.startOver')}
        </Button>
      </div>
    ) : (
      <RetryAlert onRetry={() => mutate(undefined, { onSuccess: setSetup })}>
        {message(errorMessage(enrol.error, 'Login failed'))}
      </RetryAlert>
    );
  }
  if (!setup) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('admin.enrol.loading')} />
      </div>
    );
  }
  return (
    <AuthenticatorSetup
      qrCode={setup.qr_code}
      secret={setup.secret}
      heading="h2"
      secretTestId="admin-totp-secret"
      texts={{
        step1: t('admin.enrol.step1'),
        qrAlt: t('admin.enrol.qrAlt'),
        secretLead: t('admin.enrol.secretLead'),
        copySecret: t('admin.enrol.copySecret'),
        step2: t('admin.enrol.step2'),
      }}
      codeStep={
        <CodeStep
          lead={t('admin.enrol.codeLead')}
          onSignedIn={onSignedIn}
          onRestart={onRestart}
          allowRecovery={false}
        />
      }
    />
  );
}

/** The ten recovery codes of a new authenticator, shown once. */
function RecoveryStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-2">
        <KeyRound className="size-5 text-brand" aria-hidden="true" />
        <p className="font-medium">{t('admin.enrol.enabled')}</p>
      </div>
      <Alert tone="info">{t('admin.enrol.recoveryWarning')}</Alert>
      <RecoveryCodeList codes={codes} label={t('admin.enrol.recoveryTitle')} />
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label={t('admin.enrol.copyCodes')} />
        <Button className="ms-auto" onClick={onDone}>
          {t('admin.enrol.continue')}
        </Button>
      </div>
    </section>
  );
}
