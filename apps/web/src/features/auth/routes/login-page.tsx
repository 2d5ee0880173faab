import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '#lib/zod-resolver';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { LoginRequest, TwoFactorLoginRequest } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { CheckboxField, PasswordField, TextField } from '#components/ui/field';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage, isUnauthenticated } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useLogin } from '../api/login';
import { useVerifyTwoFactorLogin } from '../api/verify-two-factor-login';
import { AuthLayout } from '../components/auth-layout';
import { useGuestCheck } from '../components/guest-only';
import { SocialSignIn } from '../components/social-sign-in';

interface Arrival {
  loggedOut: boolean;
  sessionEnded: boolean;
  /** The reset's answer. */
  passwordReset?: string;
  /** The account closing's answer. */
  accountClosed?: string;
}

/**
 * What the screen that led here said in the router's state: a logout, an ended session, a reset, a
 * closed account.
 */
function arrivalOf(state: unknown): Arrival {
  const fields = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return {
    loggedOut: fields.loggedOut === true,
    sessionEnded: fields.sessionEnded === true,
    ...(typeof fields.passwordReset === 'string' ? { passwordReset: fields.passwordReset } : {}),
    ...(typeof fields.accountClosed === 'string' ? { accountClosed: fields.accountClosed } : {}),
  };
}

export function LoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentMeta(t('auth.login.metaTitle'), t('auth.login.metaDescription'));
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const [notice, setNotice] = useState<string | null>(null);
  const guest = useGuestCheck();
  const arrival = arrivalOf(location.state);

  const signedIn = (text: string) => {
    toast.success(message(text));
    void navigate('/dashboard', { replace: true });
  };

  // A member still signed in has nothing to do here (issue 36 item 7).
  if (guest.signedIn && step === 'credentials') return <Navigate to="/dashboard" replace />;
  if (guest.checking) return <PageSpinner label={t('session.checking')} />;

  return (
    <AuthLayout>
      {step === 'credentials' ? (
        <CredentialsStep
          arrival={{ ...arrival, sessionEnded: arrival.sessionEnded || guest.ended }}
          notice={notice}
          onSignedIn={() => signedIn('Login successful!')}
          onTwoFactor={() => {
            setNotice(null);
            toast.info(message('Two-factor authentication required.'));
            setStep('two-factor');
          }}
        />
      ) : (
        <TwoFactorStep
          onSignedIn={() => signedIn('2FA Verified! Logged in.')}
          onRestart={(reason) => {
            setNotice(reason);
            setStep('credentials');
          }}
        />
      )}
    </AuthLayout>
  );
}

interface CredentialsStepProps {
  arrival: Arrival;
  /** Why the sign-in has to start again (an expired two-factor step). */
  notice: string | null;
  onSignedIn: () => void;
  onTwoFactor: () => void;
}

function CredentialsStep({ arrival, notice, onSignedIn, onTwoFactor }: CredentialsStepProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(notice);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: (answer) => ('token' in answer ? onSignedIn() : onTwoFactor()),
      onError: (error) => setFailure(errorMessage(error, 'Login failed')),
    });
  });

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('auth.login.title')}</h1>
      <p className="mt-1.5 text-[15px] text-muted">
        {t('auth.login.noAccount')}{' '}
        <Link to="/signup" className="font-medium text-brand-text hover:underline">
          {t('auth.login.signUp')}
        </Link>
      </p>
      {!failure && <ArrivalNotice arrival={arrival} />}
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <TextField
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          error={message(errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          label={t('auth.login.password')}
          aside={
            <Link to="/forgot-password" className="font-medium text-brand-text hover:underline">
              {t('auth.login.forgot')}
            </Link>
          }
          autoComplete="current-password"
          error={message(errors.password?.message)}
          {...register('password')}
        />
        <CheckboxField label={t('auth.login.remember')} {...register('remember')} />
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <SocialSignIn />
    </div>
  );
}

/**
 * Why the visitor is here, said once above the form: password reset, account closed, signed out, or
 * session ended.
 */
function ArrivalNotice({ arrival }: { arrival: Arrival }) {
  const { t } = useTranslation();
  const message = useMessage();
  const answer = arrival.passwordReset ?? arrival.accountClosed;
  if (answer) {
    return (
      <Alert tone="success" className="mt-6">
        {message(answer)}
      </Alert>
    );
  }
  if (arrival.loggedOut) {
    return (
      <Alert tone="success" className="mt-6">
        {message('Logged out successfully!')}
      </Alert>
    );
  }
  if (arrival.sessionEnded) {
    return (
      <Alert tone="warning" className="mt-6">
        {t('session.ended')}
      </Alert>
    );
  }
  return null;
}

interface TwoFactorStepProps {
  onSignedIn: () => void;
  onRestart: (reason: string | null) => void;
}

function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const verify = useVerifyTwoFactorLogin();
  const heading = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(TwoFactorLoginRequest), defaultValues: { token: '' } });

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    verify.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const text = errorMessage(error, 'Invalid 2FA token');
        // The challenge expired or was used up: the sign-in starts again.
        if (isUnauthenticated(error)) onRestart(text);
        else setFailure(text);
      },
    });
  });

  return (
    <div>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
        <ShieldCheck className="size-6" aria-hidden="true" />
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-2xl font-semibold tracking-tight focus:outline-none"
      >
        {t('auth.twoFactor.title')}
      </h1>
      <p className="mt-1.5 text-[15px] text-muted">{t('auth.twoFactor.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <TextField
          label={t('auth.twoFactor.label')}
          hint={t('auth.twoFactor.hint')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={11}
          className="font-mono tracking-widest"
          error={message(errors.token?.message)}
          {...register('token')}
        />
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
          {t('auth.twoFactor.submit')}
        </Button>
      </form>
      <Button variant="ghost" className="mt-4" onClick={() => onRestart(null)}>
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('auth.twoFactor.back')}
      </Button>
    </div>
  );
}
