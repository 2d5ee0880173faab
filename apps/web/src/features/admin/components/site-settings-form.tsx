import '#lib/zod-config';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminSettingsUpdate,
  type AdminSettings,
  type AdminSettingsUpdateInput,
} from '@app/shared/schemas/admin-content';
import { Button } from '#components/ui/button';
import { CheckboxField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAdminForm } from './admin-form';
import { schemaResolver } from '#lib/zod-resolver';
import { numberOrNull } from './number-or-null';

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
  offeredLanguages: string[];
  offeredCurrencies: string[];
  pending: boolean;
  onSubmit: (payload: AdminSettingsUpdateInput, setError: UseFormSetError<SiteSettingsFormValues>) => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-5 rounded-2xl border border-line bg-surface p-5">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The site settings (issue 15 item 5): what the public site, deposits and rewards read. */
export function SiteSettingsForm({
  settings,
  offeredLanguages,
  offeredCurrencies,
  pending,
  onSubmit,
}: SiteSettingsFormProps) {
  const { t } = useTranslation();
  const message = useMessage();
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
      <Section title={t('admin.content.settings.site')}>
        <TextField label={t('admin.content.settings.sitename')} {...field('sitename')} />
        <TextField
          label={t('admin.content.settings.logo')}
          aside={t('common.optional')}
          hint={t('admin.content.settings.logoHint')}
          {...field('logo')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('admin.content.settings.companyEmail')}
            type="email"
            {...field('company_email')}
          />
          <TextField
            label={t('admin.content.settings.companyPhone')}
            type="tel"
            {...field('company_phone')}
          />
        </div>
        <TextField
          label={t('admin.content.settings.brandColor')}
          hint={t('admin.content.settings.brandColorHint')}
          dir="ltr"
          {...field('brand_color')}
        />
        <TextareaField label={t('admin.content.settings.riskWarning')} {...field('risk_warning')} />
        {/* The risk warning per language (decision 164): empty shows the English one, marked as English. */}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextareaField
            label={t('admin.content.settings.riskWarningEs')}
            aside={t('common.optional')}
            hint={t('admin.content.settings.riskWarningTranslationHint')}
            lang="es"
            {...field('risk_warning_es')}
          />
          <TextareaField
            label={t('admin.content.settings.riskWarningAr')}
            aside={t('common.optional')}
            hint={t('admin.content.settings.riskWarningTranslationHint')}
            lang="ar"
            dir="rtl"
            {...field('risk_warning_ar')}
          />
        </div>
      </Section>
      <Section title={t('admin.content.settings.bank')}>
        <TextField label={t('admin.content.settings.bankName')} {...field('deposit_bank_name')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('admin.content.settings.bankAccount')}
            {...field('deposit_bank_account_number')}
          />
          <TextField
            label={t('admin.content.settings.bankRouting')}
            {...field('deposit_bank_routing_number')}
          />
        </div>
      </Section>
      <Section title={t('admin.content.settings.money')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('admin.content.settings.pointsPerDollar')}
            inputMode="numeric"
            hint={t('admin.content.settings.pointsHint')}
            {...field('points_per_dollar')}
          />
          <TextField
            label={t('admin.content.settings.fourEyes')}
            inputMode="numeric"
            hint={t('admin.content.settings.fourEyesHint')}
            {...field('withdrawal_four_eyes_threshold')}
          />
          <TextField
            label={t('admin.content.settings.kycThreshold')}
            inputMode="numeric"
            hint={t('admin.content.settings.kycThresholdHint')}
            {...field('kyc_withdrawal_threshold')}
          />
          <TextField
            label={t('admin.content.settings.retentionYears')}
            inputMode="numeric"
            hint={t('admin.content.settings.retentionHint')}
            {...field('account_retention_years')}
          />
          <TextField
            label={t('admin.content.settings.rateNoticeDays')}
            inputMode="numeric"
            hint={t('admin.content.settings.rateNoticeHint')}
            {...field('rate_notice_days')}
          />
        </div>
      </Section>
      <Section title={t('admin.content.settings.offer')}>
        <div role="group" aria-labelledby="settings-languages" className="space-y-2">
          <p id="settings-languages" className="text-sm font-medium">
            {t('admin.content.settings.languages')}
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {offeredLanguages.map((code) => (
              <CheckboxField
                key={code}
                value={code}
                label={t(`admin.content.settings.languageNames.${code}`)}
                {...register('languages')}
              />
            ))}
          </div>
          {errors.languages && (
            <p role="alert" className="text-sm text-danger">
              {message(errors.languages.message)}
            </p>
          )}
        </div>
        <div role="group" aria-labelledby="settings-currencies" className="space-y-2">
          <p id="settings-currencies" className="text-sm font-medium">
            {t('admin.content.settings.currencies')}
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {offeredCurrencies.map((code) => (
              <CheckboxField key={code} value={code} label={code} {...register('currencies')} />
            ))}
          </div>
          {errors.currencies && (
            <p role="alert" className="text-sm text-danger">
              {message(errors.currencies.message)}
            </p>
          )}
        </div>
      </Section>
      <p className="text-sm text-muted">{t('admin.content.settings.reauthNote')}</p>
      <Button type="submit" loading={pending}>
        {t('admin.content.settings.save')}
      </Button>
    </form>
  );
}
