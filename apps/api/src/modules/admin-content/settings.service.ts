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
import { proposalOf, settleThreshold } from './four-eyes-proposal';

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

async function answer(db: DbOrTx, now: Date): Promise<AdminSettingsResponse> {
  return {
    settings: toAdminSettings(await getSettings(db)),
    four_eyes_proposal: await proposalOf(db, now),
    offered_languages: [...OFFERED_LANGUAGES],
    offered_currencies: [...OFFERED_CURRENCIES],
  };
}

export const getAdminSettings = (deps: AppDeps) => answer(deps.database.db, deps.clock.now());

/**
 * Writes the keys sent (issue 15 item 5), audited with the values before and after, in one
 * transaction. There is no cache to invalidate: every node reads the table per request (decision 131).
 * A higher four-eyes threshold may wait for a second superadmin instead (decision 248): the other keys
 * are written, the threshold is kept as a proposal, audited, and the answer says so.
 */
export async function updateAdminSettings(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminSettingsUpdate,
): Promise<AdminSettingsResponse & { message: string }> {
  return deps.database.db.transaction(async (tx) => {
    const before = toAdminSettings(await getSettings(tx));
    const threshold = input.withdrawal_four_eyes_threshold;
    const outcome =
      threshold === undefined
        ? 'apply'
        : await settleThreshold(
            tx,
            actor.user.id,
            before.withdrawal_four_eyes_threshold,
            threshold,
            actor.now,
          );
    if (outcome === 'proposed')
      await auditChange(
        tx,
        actor,
        'settings.four_eyes_threshold_proposed',
        { type: 'settings', id: null },
        { withdrawal_four_eyes_threshold: before.withdrawal_four_eyes_threshold },
        { withdrawal_four_eyes_threshold: threshold },
      );
    // An empty translation is forgotten, so the English risk warning shows in that language.
    const { risk_warning_es: es, risk_warning_ar: ar } = input;
    await writeSettings(
      tx,
      {
        ...input,
        withdrawal_four_eyes_threshold: outcome === 'proposed' ? undefined : threshold,
        risk_warning_es: es === '' ? null : es,
        risk_warning_ar: ar === '' ? null : ar,
      },
      actor.now,
    );
    const result = await answer(tx, actor.now);
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
    return { message: outcome === 'proposed' ? M.fourEyesRaiseProposed : M.settingsSaved, ...result };
  });
}
