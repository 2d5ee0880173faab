import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ThresholdProposal } from '@app/shared/schemas/admin-content';
import { useDateTimeFormat, useMoney } from '#lib/money';
import { CheckboxField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import type { FieldBinding } from './admin-form';
import type { SiteSettingsFormValues } from './site-settings-form';

/** useAdminForm's `field` of the site settings form. */
type SettingsField = (name: keyof SiteSettingsFormValues) => FieldBinding;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5 rounded-2xl border border-line bg-surface p-5">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The site: its name, logo, contact, brand colour and the risk warning in each language. */
export function SiteSection({ field }: { field: SettingsField }) {
  const { t } = useTranslation();
  return (
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
        <TextField label={t('admin.content.settings.companyPhone')} type="tel" {...field('company_phone')} />
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
  );
}

/** The bank account members deposit to. */
export function BankSection({ field }: { field: SettingsField }) {
  const { t } = useTranslation();
  return (
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
  );
}

/**
 * A looser money control one superadmin asked for, waiting for a second one (decisions 248, 249): a
 * higher second-approval amount, or a higher (or removed) identity-verification limit.
 */
function RaiseProposalNote({ proposal, text }: { proposal: ThresholdProposal; text: 'fourEyes' | 'kyc' }) {
  const { t } = useTranslation();
  const money = useMoney();
  const dateTime = useDateTimeFormat();
  const by = { name: proposal.proposed_by, date: dateTime(proposal.proposed_at) };
  return (
    <p className="rounded-xl border border-line bg-surface-muted p-3 text-sm sm:col-span-2">
      {text === 'fourEyes'
        ? t('admin.content.settings.fourEyesProposal', { amount: money(proposal.threshold ?? 0, 0), ...by })
        : proposal.threshold === null
          ? t('admin.content.settings.kycProposalNone', by)
          : t('admin.content.settings.kycProposal', { amount: money(proposal.threshold, 0), ...by })}
    </p>
  );
}

/** The money rules: rewards points, the thresholds, how long accounts are kept, the rate notice. */
export function MoneySection({
  field,
  fourEyesProposal,
  kycProposal,
}: {
  field: SettingsField;
  fourEyesProposal: ThresholdProposal | null;
  kycProposal: ThresholdProposal | null;
}) {
  const { t } = useTranslation();
  return (
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
        {fourEyesProposal && <RaiseProposalNote proposal={fourEyesProposal} text="fourEyes" />}
        <TextField
          label={t('admin.content.settings.kycThreshold')}
          inputMode="numeric"
          hint={t('admin.content.settings.kycThresholdHint')}
          {...field('kyc_withdrawal_threshold')}
        />
        {kycProposal && <RaiseProposalNote proposal={kycProposal} text="kyc" />}
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
  );
}

/** What the site offers: the languages and currencies, each a group of checkboxes. */
export function OfferSection({
  offeredLanguages,
  offeredCurrencies,
  register,
  errors,
}: {
  offeredLanguages: string[];
  offeredCurrencies: string[];
  register: UseFormRegister<SiteSettingsFormValues>;
  errors: FieldErrors<SiteSettingsFormValues>;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
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
  );
}
