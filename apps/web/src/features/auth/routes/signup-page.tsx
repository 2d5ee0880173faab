import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { REDIRECT_AFTER_VERIFICATION_MS } from '@app/shared/constants';
import { Alert } from '#components/ui/alert';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { useDocumentMeta } from '#lib/document-meta';
import { AuthLayout } from '../components/auth-layout';
import { useGuestCheck } from '../components/guest-only';
import { OtpForm } from '../components/otp-form';
import { RegistrationStep } from './registration-step';

export function SignupPage() {
  const { t } = useTranslation();
  useDocumentMeta(t('auth.signup.metaTitle'), t('auth.signup.metaDescription'));
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const guest = useGuestCheck();

  // A member still signed in goes to the dashboard (issue 36 item 7).
  if (guest.signedIn) return <Navigate to="/dashboard" replace />;
  if (guest.checking) return <PageSpinner label={t('session.checking')} />;
  return (
    <AuthLayout>
      {registeredEmail ? (
        <OtpStep email={registeredEmail} />
      ) : (
        <RegistrationStep onRegistered={setRegisteredEmail} />
      )}
    </AuthLayout>
  );
}

function OtpStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // 'Email verified! Redirecting to login...' then /login after REDIRECT_AFTER_VERIFICATION_MS.
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_AFTER_VERIFICATION_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
        {t('auth.otp.title')}
      </h1>
      <p className="mt-1.5 text-[15px] text-muted">
        <Trans
          i18nKey="auth.otp.sentTo"
          values={{ email }}
          components={{ strong: <strong className="text-fg" /> }}
        />
      </p>
      <div className="mt-6 space-y-4">
        {verified ? (
          <Alert tone="success">{message('Email verified! Redirecting to login...')}</Alert>
        ) : (
          <Alert tone="success">
            {message('Registration successful! Please enter the OTP sent to your email.')}
          </Alert>
        )}
        <OtpForm email={email} onVerified={() => setVerified(true)} disabled={verified} />
      </div>
    </div>
  );
}
