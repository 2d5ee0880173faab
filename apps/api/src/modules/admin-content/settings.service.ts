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
import { holdRaiseRules, proposalOf, settleRaise, type RaiseKey, type RaiseOutcome } from './threshold-raise';

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
    four_eyes_proposal: await proposalOf(db, 'withdrawal_four_eyes_threshold', now),
    kyc_threshold_proposal: await proposalOf(db, 'kyc_withdrawal_threshold', now),
    offered_languages: [...OFFERED_LANGUAGES],
    offered_currencies: [...OFFERED_CURRENCIES],
  };
}

export const getAdminSettings = (deps: AppDeps) => answer(deps.database.db, deps.clock.now());

/** The audit actions of each ruled key: `settings.<name>_proposed`, `_confirmed`, `_proposal_ended`. */
const AUDIT_NAMES: Record<RaiseKey, string> = {
  withdrawal_four_eyes_threshold: 'four_eyes_threshold',
  kyc_withdrawal_threshold: 'kyc_threshold',
};

/**
 * The audit rows of the rule of decisions 248 and 249 (the value's own change is in `settings.update`):
 * a looser value asked for, one confirmed (naming who asked and when), a waiting one ended by a
 * tighter value.
 */
async function auditRaise(
  tx: DbOrTx,
  actor: AdminActor,
  key: RaiseKey,
  change: { current: number | null; next: number | null },
  outcome: RaiseOutcome,
): Promise<void> {
  const subject = { type: 'settings', id: null };
  const name = `settings.${AUDIT_NAMES[key]}`;
  if (outcome.kind === 'proposed' && outcome.renewed)
    await auditChange(
      tx,
      actor,
      `${name}_proposed`,
      subject,
      { [key]: change.current },
      { [key]: change.next },
    );
  if (outcome.kind !== 'apply') return;
  const proposal = outcome.confirmed ?? outcome.ended;
  if (!proposal) return;
  await auditChange(
    tx,
    actor,
    outcome.confirmed ? `${name}_confirmed` : `${name}_proposal_ended`,
    subject,
    { proposal },
    { [key]: change.next },
  );
}

/** Settles each ruled key the save sends; returns the keys that now wait for a second superadmin. */
async function settleRaises(
  tx: DbOrTx,
  actor: AdminActor,
  before: AdminSettings,
  input: AdminSettingsUpdate,
): Promise<Set<RaiseKey>> {
  const waiting = new Set<RaiseKey>();
  for (const key of ['withdrawal_four_eyes_threshold', 'kyc_withdrawal_threshold'] as const) {
    const next = input[key];
    if (next === undefined) continue;
    const change = { current: before[key], next };
    const outcome = await settleRaise(tx, key, { adminId: actor.user.id, ...change }, actor.now);
    await auditRaise(tx, actor, key, change, outcome);
    if (outcome.kind === 'proposed') waiting.add(key);
  }
  return waiting;
}

function savedMessage(waiting: Set<RaiseKey>): string {
  if (waiting.size === 2) return M.raisesProposed;
  if (waiting.has('withdrawal_four_eyes_threshold')) return M.fourEyesRaiseProposed;
  if (waiting.has('kyc_withdrawal_threshold')) return M.kycRaiseProposed;
  return M.settingsSaved;
}

/**
 * Writes the keys sent (issue 15 item 5), audited with the values before and after, in one
 * transaction. There is no cache to invalidate: every node reads the table per request (decision 131).
 * A higher four-eyes threshold or a looser identity-verification limit may wait for a second
 * superadmin instead (decisions 248, 249): the other keys are written, the value is kept as a
 * proposal, audited, and the answer says so.
 */
export async function updateAdminSettings(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminSettingsUpdate,
): Promise<AdminSettingsResponse & { message: string }> {
  return deps.database.db.transaction(async (tx) => {
    const ruled =
      input.withdrawal_four_eyes_threshold !== undefined || input.kyc_withdrawal_threshold !== undefined;
    if (ruled) await holdRaiseRules(tx);
    const before = toAdminSettings(await getSettings(tx));
    const waiting = await settleRaises(tx, actor, before, input);
    // An empty translation is forgotten, so the English risk warning shows in that language.
    const { risk_warning_es: es, risk_warning_ar: ar } = input;
    await writeSettings(
      tx,
      {
        ...input,
        ...(waiting.has('withdrawal_four_eyes_threshold')
          ? { withdrawal_four_eyes_threshold: undefined }
          : {}),
        ...(waiting.has('kyc_withdrawal_threshold') ? { kyc_withdrawal_threshold: undefined } : {}),
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
    return { message: savedMessage(waiting), ...result };
  });
}
