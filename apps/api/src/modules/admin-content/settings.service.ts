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
import { holdThresholdRule, proposalOf, settleThreshold, type ThresholdOutcome } from './four-eyes-proposal';

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
 * The audit rows of the rule of decision 248 (the threshold's own change is in `settings.update`): a
 * raise asked for, a raise confirmed (naming who asked and when), a waiting raise ended by a lowering.
 */
async function auditThreshold(
  tx: DbOrTx,
  actor: AdminActor,
  current: number,
  threshold: number | undefined,
  outcome: ThresholdOutcome,
): Promise<void> {
  const subject = { type: 'settings', id: null };
  if (outcome.kind === 'proposed' && outcome.renewed)
    await auditChange(
      tx,
      actor,
      'settings.four_eyes_threshold_proposed',
      subject,
      { withdrawal_four_eyes_threshold: current },
      { withdrawal_four_eyes_threshold: threshold },
    );
  if (outcome.kind !== 'apply') return;
  const proposal = outcome.confirmed ?? outcome.ended;
  if (!proposal) return;
  await auditChange(
    tx,
    actor,
    outcome.confirmed
      ? 'settings.four_eyes_threshold_confirmed'
      : 'settings.four_eyes_threshold_proposal_ended',
    subject,
    { proposal },
    { withdrawal_four_eyes_threshold: threshold },
  );
}

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
    const threshold = input.withdrawal_four_eyes_threshold;
    if (threshold !== undefined) await holdThresholdRule(tx);
    const before = toAdminSettings(await getSettings(tx));
    const outcome =
      threshold === undefined
        ? ({ kind: 'apply' } as const)
        : await settleThreshold(
            tx,
            actor.user.id,
            before.withdrawal_four_eyes_threshold,
            threshold,
            actor.now,
          );
    await auditThreshold(tx, actor, before.withdrawal_four_eyes_threshold, threshold, outcome);
    // An empty translation is forgotten, so the English risk warning shows in that language.
    const { risk_warning_es: es, risk_warning_ar: ar } = input;
    await writeSettings(
      tx,
      {
        ...input,
        withdrawal_four_eyes_threshold: outcome.kind === 'proposed' ? undefined : threshold,
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
    return { message: outcome.kind === 'proposed' ? M.fourEyesRaiseProposed : M.settingsSaved, ...result };
  });
}
