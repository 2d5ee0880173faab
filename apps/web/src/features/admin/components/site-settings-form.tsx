import '#lib/zod-config';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminSettingsUpdate,
  type AdminSettings,
  type AdminSettingsUpdateInput,
  type ThresholdProposal,
} from '@app/shared/schemas/admin-content';
import { Button } from '#components/ui/button';
import { useAdminForm } from './admin-form';
import { schemaResolver } from '#lib/zod-resolver';
import { numberOrNull } from './number-or-null';
import { BankSection, MoneySection, OfferSection, SiteSection } from './site-settings-sections';

export interface SiteSettingsFormValues {
  sitename: string;
  logo: string;
  company_email: string;
  company_phone: string;
  deposit_bank_name: string;
  deposit_bank_account_number: string;
  deposit_bank_routing_number: string;
  points_per_dollar: string;
  withdrawal_four_eyes_threshold: string;
  kyc_withdrawal_threshold: string;
  languages: string[];
  currencies: string[];
  risk_warning: string;
  risk_warning_es: string;
  risk_warning_ar: string;
  brand_color: string;
  account_retention_years: string;
  rate_notice_days: string;
}

export const SETTINGS_FIELDS = [
  'sitename',
  'logo',
  'company_email',
  'company_phone',
  'deposit_bank_name',
  'deposit_bank_account_number',
  'deposit_bank_routing_number',
  'points_per_dollar',
  'withdrawal_four_eyes_threshold',
  'kyc_withdrawal_threshold',
  'languages',
  'currencies',
  'risk_warning',
  'risk_warning_es',
  'risk_warning_ar',
  'brand_color',
  'account_retention_years',
  'rate_notice_days',
] as const;

export function settingsPayload(values: SiteSettingsFormValues): AdminSettingsUpdateInput {
  return {
    sitename: values.sitename,
    logo: values.logo.trim() === '' ? null : values.logo,
    company_email: values.company_email,
    company_phone: values.company_phone,
    deposit_bank_name: values.deposit_bank_name,
    deposit_bank_account_number: values.deposit_bank_account_number,
    deposit_bank_routing_number: values.deposit_bank_routing_number,
    points_per_dollar: numberOrNull(values.points_per_dollar) ?? Number.NaN,
    withdrawal_four_eyes_threshold: numberOrNull(values.withdrawal_four_eyes_threshold) ?? Number.NaN,
    kyc_withdrawal_threshold:
      values.kyc_withdrawal_threshold.trim() === ''
        ? null
        : (numberOrNull(values.kyc_withdrawal_threshold) ?? Number.NaN),
    languages: values.languages as AdminSettingsUpdateInput['languages'],
    currencies: values.currencies as AdminSettingsUpdateInput['currencies'],
    risk_warning: values.risk_warning,
    risk_warning_es: values.risk_warning_es,
    risk_warning_ar: values.risk_warning_ar,
    brand_color: values.brand_color,
    account_retention_years: numberOrNull(values.account_retention_years) ?? Number.NaN,
    rate_notice_days: numberOrNull(values.rate_notice_days) ?? Number.NaN,
  };
}

function formValues(settings: AdminSettings): SiteSettingsFormValues {
  return {
    sitename: settings.sitename,
    logo: settings.logo ?? '',
    company_email: settings.company_email,
    company_phone: settings.company_phone,
    deposit_bank_name: settings.deposit_bank_name,
    deposit_bank_account_number: settings.deposit_bank_account_number,
    deposit_bank_routing_number: settings.deposit_bank_routing_number,
    points_per_dollar: String(settings.points_per_dollar),
    withdrawal_four_eyes_threshold: String(settings.withdrawal_four_eyes_threshold),
    kyc_withdrawal_threshold:
      settings.kyc_withdrawal_threshold === null ? '' : String(settings.kyc_withdrawal_threshold),
    languages: settings.languages,
    currencies: settings.currencies,
    risk_warning: settings.risk_warning,
    risk_warning_es: settings.risk_warning_es,
    risk_warning_ar: settings.risk_warning_ar,
    brand_color: settings.brand_color,
    account_retention_years: String(settings.account_retention_years),
    rate_notice_days: String(settings.rate_notice_days),
  };
}

const resolver = schemaResolver<SiteSettingsFormValues>(AdminSettingsUpdate, settingsPayload);

interface SiteSettingsFormProps {
  settings: AdminSettings;
  /** A higher four-eyes threshold waiting for a second superadmin (decision 248). */
  fourEyesProposal: ThresholdProposal | null;
  /** A looser identity-verification limit waiting for a second superadmin (decision 249). */
  kycProposal: ThresholdProposal | null;
  offeredLanguages: string[];
  offeredCurrencies: string[];
  pending: boolean;
  onSubmit: (payload: AdminSettingsUpdateInput, setError: UseFormSetError<SiteSettingsFormValues>) => void;
}

/** The site settings (issue 15 item 5): what the public site, deposits and rewards read. */
export function SiteSettingsForm({
  settings,
  fourEyesProposal,
  kycProposal,
  offeredLanguages,
  offeredCurrencies,
  pending,
  onSubmit,
}: SiteSettingsFormProps) {
  const { t } = useTranslation();
  const { field, register, handleSubmit, setError, errors } = useAdminForm<SiteSettingsFormValues>({
    resolver,
    defaultValues: formValues(settings),
  });

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(settingsPayload(values), setError))}
      noValidate
      className="max-w-3xl space-y-6"
    >
      <SiteSection field={field} />
      <BankSection field={field} />
      <MoneySection field={field} fourEyesProposal={fourEyesProposal} kycProposal={kycProposal} />
      <OfferSection
        offeredLanguages={offeredLanguages}
        offeredCurrencies={offeredCurrencies}
        register={register}
        errors={errors}
      />
      <p className="text-sm text-muted">{t('admin.content.settings.reauthNote')}</p>
      <Button type="submit" loading={pending}>
        {t('admin.content.settings.save')}
      </Button>
    </form>
  );
}
