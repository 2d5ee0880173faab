import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import {
  EMPLOYMENT_STATUSES,
  INDUSTRIES,
  PROFILE_MESSAGES,
  PROFILE_TEXT_LIMITS,
  SOURCES_OF_CRYPTO,
  SOURCES_OF_FUNDS,
  TOTAL_WEALTH_BRACKETS,
} from '@app/shared/profile';
import type { Profile } from '@app/shared/schemas/auth';
import type { UpdateProfileValues } from '@app/shared/schemas/profile';
import { PageHeader } from '#components/page-header';
import { PrivateAmount } from '#components/private-amount';
import { RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/field';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { applyFieldErrors } from '#lib/form-errors';
import { useDocumentMeta } from '#lib/document-meta';
import { useMe } from '#lib/session';
import { lazyZodResolver, useLazyResolver, type LazyResolver } from '#lib/lazy-resolver';
import { useUpdateProfile } from '../api/update-profile';
import { useCountryOptions } from '../components/use-country-names';
import { KycSection } from '../components/kyc-section';

type ProfileField = keyof Profile;
type BusinessField = 'business_name' | 'business_email';
type ProfileForm = Record<ProfileField | BusinessField, string>;
type Business = Record<BusinessField, string | null>;

/**
 * The request's schema checks the form: the fields' texts in, the values it parses out (blank → null)
 * to send. Loaded apart from the page (decision 202).
 */
const resolver = lazyZodResolver(
  async () => (await import('@app/shared/schemas/profile')).UpdateProfileRequest,
) as unknown as LazyResolver<ProfileForm, UpdateProfileValues>;

const FIELDS: readonly ProfileField[] = [
  'country',
  'first_name',
  'last_name',
  'address',
  'city',
  'postal_code',
  'phone',
  'employment_status',
  'source_of_funds',
  'source_of_crypto',
  'industry',
  'total_wealth',
];

/** The spec's option lists (values sent as written) with the key of each one's label. */
const OPTIONS = {
  employment_status: [EMPLOYMENT_STATUSES, ['employed', 'selfEmployed', 'unemployed', 'student']],
  source_of_funds: [SOURCES_OF_FUNDS, ['salary', 'investments', 'businessIncome', 'other']],
  source_of_crypto: [SOURCES_OF_CRYPTO, ['exchange', 'mining', 'staking', 'other']],
  industry: [INDUSTRIES, ['finance', 'tech', 'retail', 'other']],
  total_wealth: [TOTAL_WEALTH_BRACKETS, ['under10k', 'from10kTo50k', 'from50kTo100k', 'over100k']],
} as const;
type OptionField = keyof typeof OPTIONS;

function toForm(profile: Profile, business: Business): ProfileForm {
  return {
    ...(Object.fromEntries(FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<
      ProfileField,
      string
    >),
    business_name: business.business_name ?? '',
    business_email: business.business_email ?? '',
  };
}

function Tile({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-sm font-medium text-muted">{label}</h3>
      <p className="mt-1.5 text-xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}

/**
 * /profile (spec §2 Profile, §3, §5): who the member is, the account's figures, and the compliance
 * form. The server checks the postal code and phone for the chosen country and answers field errors.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const me = useMe();
  const countries = useCountryOptions();
  const update = useUpdateProfile();
  useDocumentMeta(t('pages.profile.title'), t('pages.profile.description'));
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileForm, unknown, UpdateProfileValues>({
    resolver: useLazyResolver(resolver),
    defaultValues: me.data ? toForm(me.data.profile, me.data) : undefined,
  });
  const chosenCountry = useWatch({ control, name: 'country' });
  // The form shows the member's saved details: fresher ones replace them unless the member is editing.
  // The details the form started from (its default values) are not put in again: a second render of
  // the whole form before the page's first paint.
  const shown = useRef(me.data);
  useEffect(() => {
    if (!me.data || me.data === shown.current || isDirty) return;
    shown.current = me.data;
    reset(toForm(me.data.profile, me.data));
  }, [me.data, isDirty, reset]);

  if (me.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={message(PROFILE_MESSAGES.loading)} />
        <span className="sr-only">{message(PROFILE_MESSAGES.loading)}</span>
      </div>
    );
  }
  if (me.isError) {
    return <RetryAlert onRetry={() => void me.refetch()}>{message(PROFILE_MESSAGES.loadFailed)}</RetryAlert>;
  }
  const user = me.data;
  const numbers = i18n.resolvedLanguage === 'ar' ? 'ar-u-nu-latn' : i18n.resolvedLanguage;

  const corporate = user.account_type === 'business';
  const onSubmit = handleSubmit((values) => {
    // Only a corporate account sends its business fields (decision 185).
    const { business_name, business_email, ...personal } = values;
    const payload = corporate ? { ...personal, business_name, business_email } : personal;
    update.mutate(payload, {
      onSuccess: (answer) => {
        reset(toForm(answer.profile, answer));
        toast.success(message(PROFILE_MESSAGES.updated));
      },
      onError: (error) => {
        applyFieldErrors(error, setError, [...FIELDS, 'business_name', 'business_email']);
        toast.error(message(PROFILE_MESSAGES.updateFailed));
      },
    });
  });

  const error = (field: ProfileField | BusinessField) => message(errors[field]?.message);
  const optionSelect = (field: OptionField) => {
    const [values, keys] = OPTIONS[field];
    return (
      <SelectField label={t(`profile.fields.${field}`)} error={error(field)} {...register(field)}>
        <option value="">{t('profile.choose')}</option>
        {values.map((value, index) => (
          <option key={value} value={value}>
            {t(`profile.options.${field}.${keys[index]}`)}
          </option>
        ))}
      </SelectField>
    );
  };
  const text = (field: Exclude<ProfileField, OptionField | 'country'>, autoComplete: string) => (
    <TextField
      label={t(`profile.fields.${field}`)}
      autoComplete={autoComplete}
      maxLength={PROFILE_TEXT_LIMITS[field]}
      error={error(field)}
      {...register(field)}
    />
  );

  return (
    <>
      <PageHeader title={t('pages.profile.title')} description={t('pages.profile.description')} />
      <Card className="mb-4 flex items-center gap-4 p-5 sm:p-6">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-soft text-2xl font-semibold text-brand-text uppercase"
        >
          {user.username.slice(0, 1)}
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold wrap-anywhere">{user.username}</h2>
          <p className="text-sm wrap-anywhere text-muted">{user.email}</p>
        </div>
      </Card>
      <section
        aria-label={t('profile.figures')}
        className="mb-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <Tile
          label={t('profile.loyaltyPoints')}
          testId="profile-points"
          value={user.loyalty_points.toLocaleString(numbers)}
        />
        <Tile
          label={t('profile.balance')}
          testId="profile-balance"
          value={<PrivateAmount value={user.balance} decimals={2} />}
        />
        <Tile
          label={t('profile.totalEarnings')}
          testId="profile-earnings"
          value={<PrivateAmount value={user.total_earnings} decimals={2} />}
        />
        <Tile
          label={t('profile.totalDeposit')}
          testId="profile-deposit"
          value={<PrivateAmount value={user.total_deposit} decimals={2} />}
        />
      </section>
      <Card className="p-5 sm:p-7">
        <form onSubmit={onSubmit} noValidate className="space-y-8">
          <SelectField
            label={t('profile.fields.country')}
            autoComplete="country"
            error={error('country')}
            containerClassName="max-w-md"
            aria-busy={countries.isPending || undefined}
            {...register('country')}
            // Controlled: the options arrive after the stored value (names load per language).
            value={chosenCountry ?? ''}
          >
            <option value="">{countries.isPending ? t('common.loading') : t('profile.chooseCountry')}</option>
            {countries.options.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          {corporate && (
            <fieldset className="space-y-4">
              <legend className="mb-3 text-base font-semibold">{t('profile.businessGroup')}</legend>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <TextField
                  label={t('profile.fields.business_name')}
                  autoComplete="organization"
                  maxLength={PROFILE_TEXT_LIMITS.business_name}
                  error={error('business_name')}
                  {...register('business_name')}
                />
                <TextField
                  label={t('profile.fields.business_email')}
                  type="email"
                  autoComplete="email"
                  maxLength={PROFILE_TEXT_LIMITS.business_email}
                  error={error('business_email')}
                  {...register('business_email')}
                />
              </div>
            </fieldset>
          )}
          <fieldset className="space-y-4">
            <legend className="mb-3 text-base font-semibold">{t('profile.legalGroup')}</legend>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {text('first_name', 'given-name')}
              {text('last_name', 'family-name')}
            </div>
            {text('address', 'street-address')}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {text('city', 'address-level2')}
              {text('postal_code', 'postal-code')}
            </div>
            <TextField
              label={t('profile.fields.phone')}
              aside={t('profile.optional')}
              hint={t('profile.phoneHint')}
              type="tel"
              autoComplete="tel"
              maxLength={PROFILE_TEXT_LIMITS.phone}
              error={error('phone')}
              containerClassName="max-w-md"
              {...register('phone')}
            />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-3 text-base font-semibold">{t('profile.regulatoryGroup')}</legend>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {optionSelect('employment_status')}
              {optionSelect('source_of_funds')}
              {optionSelect('source_of_crypto')}
              {optionSelect('industry')}
              {optionSelect('total_wealth')}
            </div>
          </fieldset>
          <Button type="submit" loading={update.isPending || isSubmitting}>
            {t('profile.save')}
          </Button>
        </form>
        <p className="mt-6 flex items-center gap-2 border-t border-line pt-4 text-sm text-muted">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          {t('profile.encryptedNote')}
        </p>
      </Card>
      <KycSection />
    </>
  );
}
