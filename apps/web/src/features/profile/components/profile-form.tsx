import { useEffect, useRef } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import {
  EMPLOYMENT_STATUSES,
  INDUSTRIES,
  PERSONAL_PROFILE_FIELDS,
  PROFILE_MESSAGES,
  PROFILE_TEXT_LIMITS,
  SOURCES_OF_CRYPTO,
  SOURCES_OF_FUNDS,
  TOTAL_WEALTH_BRACKETS,
} from '@app/shared/profile';
import type { Profile, UserResponse } from '@app/shared/schemas/auth';
import type { UpdateProfileValues } from '@app/shared/schemas/profile';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { applyFieldErrors } from '#lib/form-errors';
import { lazyZodResolver, useLazyResolver, type LazyResolver } from '#lib/lazy-resolver';
import { useUpdateProfile } from '../api/update-profile';
import { useCountryOptions } from './use-country-names';

type ProfileField = keyof Profile;
type BusinessField = 'business_name' | 'business_email';
type FormValues = Record<ProfileField | BusinessField, string>;
type Business = Record<BusinessField, string | null>;

/**
 * The request's schema checks the form: the fields' texts in, the values it parses out (blank → null)
 * to send. Loaded apart from the page (decision 202).
 */
const resolver = lazyZodResolver(
  async () => (await import('@app/shared/schemas/profile')).UpdateProfileRequest,
) as unknown as LazyResolver<FormValues, UpdateProfileValues>;

const FIELDS: readonly ProfileField[] = ['country', ...PERSONAL_PROFILE_FIELDS];

/** The spec's option lists (values sent as written) with the key of each one's label. */
const OPTIONS = {
  employment_status: [EMPLOYMENT_STATUSES, ['employed', 'selfEmployed', 'unemployed', 'student']],
  source_of_funds: [SOURCES_OF_FUNDS, ['salary', 'investments', 'businessIncome', 'other']],
  source_of_crypto: [SOURCES_OF_CRYPTO, ['exchange', 'mining', 'staking', 'other']],
  industry: [INDUSTRIES, ['finance', 'tech', 'retail', 'other']],
  total_wealth: [TOTAL_WEALTH_BRACKETS, ['under10k', 'from10kTo50k', 'from50kTo100k', 'over100k']],
} as const;
type OptionField = keyof typeof OPTIONS;

function toForm(profile: Profile, business: Business): FormValues {
  return {
    ...(Object.fromEntries(FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<
      ProfileField,
      string
    >),
    business_name: business.business_name ?? '',
    business_email: business.business_email ?? '',
  };
}

/** The form's wiring: its values, its checks, the saved details put in again, and the save. */
function useProfileForm(user: UserResponse, message: ReturnType<typeof useMessage>) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormValues, unknown, UpdateProfileValues>({
    resolver: useLazyResolver(resolver),
    defaultValues: toForm(user.profile, user),
  });
  const chosenCountry = useWatch({ control, name: 'country' });
  // The form shows the member's saved details: fresher ones replace them unless the member is editing.
  // The details the form started from (its default values) are not put in again: a second render of
  // the whole form before the page's first paint.
  const shown = useRef(user);
  useEffect(() => {
    if (user === shown.current || isDirty) return;
    shown.current = user;
    reset(toForm(user.profile, user));
  }, [user, isDirty, reset]);

  const corporate = user.account_type === 'business';
  const onSubmit = handleSubmit((values) => {
    // Only a corporate account sends its business fields (decision 185).
    const { business_name, business_email, ...personal } = values;
    const payload = corporate ? { ...personal, business_name, business_email } : personal;
    update.mutate(payload, {
      onSuccess: (answer) => {
        reset(toForm(answer.profile, answer));
        // The API's words: "Profile updated successfully!", or that the identity must be verified again.
        toast.success(message(answer.message));
      },
      onError: (error) => {
        applyFieldErrors(error, setError, [...FIELDS, 'business_name', 'business_email']);
        toast.error(message(PROFILE_MESSAGES.updateFailed));
      },
    });
  });

  const error = (field: ProfileField | BusinessField) => message(errors[field]?.message);
  const saving = update.isPending || isSubmitting;
  return { register, chosenCountry, corporate, onSubmit, error, saving };
}

/** What a group of fields needs from the form: the fields' registration and their messages. */
interface FieldGroupProps {
  register: UseFormRegister<FormValues>;
  error: (field: ProfileField | BusinessField) => string | undefined;
}

/** A corporate account's business name and email. */
function BusinessFields({ register, error }: FieldGroupProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The legal name and address, and the optional phone. */
function LegalFields({ register, error }: FieldGroupProps) {
  const { t } = useTranslation();
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
  );
}

/** The regulatory answers, each chosen from the spec's list. */
function RegulatoryFields({ register, error }: FieldGroupProps) {
  const { t } = useTranslation();
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
  return (
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
  );
}

/**
 * The compliance form of /profile (spec §2 Profile, §5): country, business details for a corporate
 * account, legal name and address, phone, and the regulatory answers. Its own component, so the
 * form library's re-render after it mounts (React Hook Form marks the form ready in a layout effect)
 * re-renders the form only, not the whole page, before the first paint.
 */
export function ProfileForm({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const message = useMessage();
  const countries = useCountryOptions();
  const { register, chosenCountry, corporate, onSubmit, error, saving } = useProfileForm(user, message);

  return (
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
        {corporate && <BusinessFields register={register} error={error} />}
        <LegalFields register={register} error={error} />
        <RegulatoryFields register={register} error={error} />
        <Button type="submit" loading={saving}>
          {t('profile.save')}
        </Button>
      </form>
      <p className="mt-6 flex items-center gap-2 border-t border-line pt-4 text-sm text-muted">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        {t('profile.encryptedNote')}
      </p>
    </Card>
  );
}
