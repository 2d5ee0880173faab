import {
  ADMIN_CONTENT_MESSAGES as M,
  OFFERED_CURRENCIES,
  OFFERED_LANGUAGES,
  type AdminSettings,
  type AdminSettingsResponse,
  type AdminSettingsUpdate,
} from '@app/shared';
import type { DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { getSettings, writeSettings } from '../settings/settings.service';
import { auditChange, changedFields, type AdminActor } from './admin-actor';

function toAdminSettings(values: Awaited<ReturnType<typeof getSettings>>): AdminSettings {
  return {
    sitename: values.sitename,
    logo: values.logo,
    company_email: values.company_email,
    company_phone: values.company_phone,
    deposit_bank_name: values.deposit_bank_name,
    deposit_bank_account_number: values.deposit_bank_account_number,
    deposit_bank_routing_number: values.deposit_bank_routing_number,
    points_per_dollar: values.points_per_dollar,
    withdrawal_four_eyes_threshold: values.withdrawal_four_eyes_threshold,
    kyc_withdrawal_threshold: values.kyc_withdrawal_threshold,
    languages: values.languages,
    currencies: values.currencies,
    risk_warning: values.risk_warning,
    risk_warning_es: values.risk_warning_es ?? '',
    risk_warning_ar: values.risk_warning_ar ?? '',
    social_links: values.social_links,
    account_retention_years: values.account_retention_years,
    rate_notice_days: values.rate_notice_days,
    brand_color: values.brand_color,
  };
}

async function answer(db: DbOrTx): Promise<AdminSettingsResponse> {
  return {
    settings: toAdminSettings(await getSettings(db)),
    offered_languages: [...OFFERED_LANGUAGES],
    offered_currencies: [...OFFERED_CURRENCIES],
  };
}

export const getAdminSettings = (deps: AppDeps) => answer(deps.database.db);

/**
 * Writes the keys sent (issue 15 item 5), audited with the values before and after, in one
 * transaction. There is no cache to invalidate: every node reads the table per request (decision 131).
 */
export async function updateAdminSettings(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminSettingsUpdate,
): Promise<AdminSettingsResponse & { message: string }> {
  return deps.database.db.transaction(async (tx) => {
    const before = toAdminSettings(await getSettings(tx));
    // An empty translation is forgotten, so the English risk warning shows in that language.
    const { risk_warning_es: es, risk_warning_ar: ar } = input;
    await writeSettings(
      tx,
      { ...input, risk_warning_es: es === '' ? null : es, risk_warning_ar: ar === '' ? null : ar },
      actor.now,
    );
    const result = await answer(tx);
    const diff = changedFields(before, result.settings);
    if (Object.keys(diff.after).length > 0)
      await auditChange(
        tx,
        actor,
        'settings.update',
        { type: 'settings', id: null },
        diff.before,
        diff.after,
      );
    return { message: M.settingsSaved, ...result };
  });
}
