import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '#lib/zod-resolver';
import { Building2, UserRound } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { REDIRECT_AFTER_VERIFICATION_MS, REGISTRATION_ERROR_BANNER_MS } from '@app/shared/constants';
import { RegisterRequest } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { PasswordField, SelectField, TextField } from '#components/ui/field';
import { PageSpinner } from '#components/ui/spinner';
import { currentLanguage } from '#i18n/index';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { applyFieldErrors } from '#lib/form-errors';
import { useFrontSettings } from '#lib/front-settings';
import { useCurrency } from '#lib/preferences';
import { readStored, STORAGE_KEYS, writeStored } from '#lib/storage';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { useGuestCheck } from '../components/guest-only';
import { OtpForm } from '../components/otp-form';
import { SocialSignIn } from '../components/social-sign-in';

const REFERRAL_SOURCES = ['search', 'social', 'friend', 'news', 'ads', 'other'] as const;
const SERVER_FIELDS = [
  'username',
  'email',
  'password',
  'business_name',
  'business_email',
  'referral_code',
  'referral_source',
] as const;

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

/** The referral code of `?ref=`, kept in local storage; else the one kept from an earlier visit. */
function useReferralCode(): string {
  const [params] = useSearchParams();
  const fromLink = params.get('ref')?.trim() || null;
  useEffect(() => {
    if (fromLink) writeStored(STORAGE_KEYS.referralCode, fromLink);
  }, [fromLink]);
  return fromLink ?? readStored(STORAGE_KEYS.referralCode) ?? '';
}

function RegistrationStep({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const settings = useFrontSettings();
  const [currency] = useCurrency(settings.currency.code);
  const referralCode = useReferralCode();
  const registration = useRegister();
  const [banner, setBanner] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterRequest),
    defaultValues: {
      account_type: 'personal',
      username: '',
      email: '',
      password: '',
      business_name: '',
      business_email: '',
      referral_code: referralCode,
      referral_source: '',
    },
  });
  const corporate = useWatch({ control, name: 'account_type' }) === 'business';

  // The registration error banner stays for REGISTRATION_ERROR_BANNER_MS (spec §8).
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), REGISTRATION_ERROR_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const onSubmit = handleSubmit((values) => {
    setBanner(null);
    registration.mutate(
      { ...values, language: currentLanguage(), currency },
      {
        onSuccess: () => onRegistered(values.email),
        onError: (error) => {
          applyFieldErrors(error, setError, SERVER_FIELDS);
          setBanner(errorMessage(error, 'Registration failed.'));
        },
      },
    );
  });

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('auth.signup.title')}</h1>
      <p className="mt-1.5 text-[15px] text-muted">
        {t('auth.signup.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-brand-text hover:underline">
          {t('auth.signup.logIn')}
        </Link>
      </p>

      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <fieldset>
          <legend className="sr-only">{t('auth.signup.accountType')}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1">
            {(
              [
                ['personal', t('auth.signup.personal'), UserRound],
                ['business', t('auth.signup.corporate'), Building2],
              ] as const
            ).map(([value, label, Icon]) => (
              <label
                key={value}
                className="relative flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm font-medium text-muted transition has-checked:bg-surface has-checked:text-fg has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input type="radio" value={value} className="sr-only" {...register('account_type')} />
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {corporate && (
          <div className="space-y-4 rounded-xl border border-line bg-surface p-4">
            <TextField
              label={t('auth.signup.businessName')}
              autoComplete="organization"
              error={message(errors.business_name?.message)}
              {...register('business_name')}
            />
            <TextField
              label={t('auth.signup.businessEmail')}
              type="email"
              autoComplete="email"
              error={message(errors.business_email?.message)}
              {...register('business_email')}
            />
          </div>
        )}

        <TextField
          label={t('auth.signup.username')}
          autoComplete="username"
          error={message(errors.username?.message)}
          {...register('username')}
        />
        <TextField
          label={t('auth.signup.email')}
          type="email"
          autoComplete="email"
          error={message(errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          label={t('auth.signup.password')}
          autoComplete="new-password"
          hint={t('auth.signup.passwordHint')}
          error={message(errors.password?.message)}
          {...register('password')}
        />
        <TextField
          label={t('auth.signup.referralCode')}
          aside={t('common.optional')}
          autoComplete="off"
          error={message(errors.referral_code?.message)}
          {...register('referral_code')}
        />
        <SelectField
          label={t('auth.signup.referralSource')}
          aside={t('common.optional')}
          error={message(errors.referral_source?.message)}
          {...register('referral_source')}
        >
          <option value="">{t('auth.signup.chooseOne')}</option>
          {REFERRAL_SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(`auth.signup.sources.${source}`)}
            </option>
          ))}
        </SelectField>

        {banner && <Alert tone="error">{message(banner)}</Alert>}

        <Button type="submit" size="lg" className="w-full" loading={registration.isPending}>
          {t('auth.signup.submit')}
        </Button>
        <p className="text-center text-xs leading-relaxed text-muted">
          <Trans
            i18nKey="auth.signup.agree"
            components={{
              terms: <Link to="/terms" className="font-medium text-fg underline underline-offset-2" />,
              privacy: <Link to="/privacy" className="font-medium text-fg underline underline-offset-2" />,
            }}
          />
        </p>
      </form>
      <SocialSignIn />
    </div>
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
