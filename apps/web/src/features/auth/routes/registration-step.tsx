import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '#lib/zod-resolver';
import { Building2, UserRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { REGISTRATION_ERROR_BANNER_MS } from '@app/shared/constants';
import { RegisterRequest } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { PasswordField, SelectField, TextField } from '#components/ui/field';
import { currentLanguage } from '#i18n/index';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { useFrontSettings } from '#lib/front-settings';
import { useCurrency } from '#lib/preferences';
import { readStored, STORAGE_KEYS, writeStored } from '#lib/storage';
import { useRegister } from '../api/register';
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

/** The referral code of `?ref=`, kept in local storage; else the one kept from an earlier visit. */
function useReferralCode(): string {
  const [params] = useSearchParams();
  const fromLink = params.get('ref')?.trim() || null;
  useEffect(() => {
    if (fromLink) writeStored(STORAGE_KEYS.referralCode, fromLink);
  }, [fromLink]);
  return fromLink ?? readStored(STORAGE_KEYS.referralCode) ?? '';
}

/**
 * The registration form's state: the fields (the referral code prefilled), the error banner and the
 * request, sent with the page's language and the chosen currency.
 */
function useRegistrationForm(onRegistered: (email: string) => void) {
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

  return { register, errors, corporate, banner, onSubmit, pending: registration.isPending };
}

/** What each part of the form gets from it: its fields' registration and errors. */
type FormPart = Pick<ReturnType<typeof useRegistrationForm>, 'register' | 'errors'>;

/** Personal or corporate, as a two-way switch of radio buttons. */
function AccountTypeSwitch({ register }: Pick<FormPart, 'register'>) {
  const { t } = useTranslation();
  return (
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
  );
}

/** A corporate account's business name and email. */
function BusinessFields({ register, errors }: FormPart) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
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
  );
}

/** The optional referral code and how the member heard of us. */
function ReferralFields({ register, errors }: FormPart) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <>
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
    </>
  );
}

/** The first step of sign-up: the registration form; `onRegistered` gets the email the code is sent to. */
export function RegistrationStep({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { register, errors, corporate, banner, onSubmit, pending } = useRegistrationForm(onRegistered);

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
        <AccountTypeSwitch register={register} />
        {corporate && <BusinessFields register={register} errors={errors} />}
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
        <ReferralFields register={register} errors={errors} />

        {banner && <Alert tone="error">{message(banner)}</Alert>}

        <Button type="submit" size="lg" className="w-full" loading={pending}>
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
