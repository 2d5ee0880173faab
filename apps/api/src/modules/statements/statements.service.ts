import type { AuthUser, DbOrTx } from '@app/db';
import {
  ACTIVITY_TYPES,
  monthsBetween,
  STATEMENT_MESSAGES,
  type ActivityType,
  type StatementListResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { getSettings } from '../settings/settings.service';
import { findProfile, toProfile } from '../profile/profile.service';
import { movementType } from './statement-rows';
import {
  cashBalanceBefore,
  lastCashEntryId,
  totalsByKind,
  type StatementWindow,
} from './statements.repository';
import {
  statementLanguage,
  statementTexts,
  type StatementLanguage,
  type StatementTexts,
} from './statement-texts';

/** Everything a statement shows above its movements. */
export interface StatementHeader {
  month: string;
  language: StatementLanguage;
  texts: StatementTexts;
  platform: string;
  /** A corporate account's business name with its holder (decision 185), else the holder's name. */
  memberName: string;
  /** A corporate account's business email, else null. */
  businessEmail: string | null;
  addressLines: string[];
  /** The month's first instant and the next month's (UTC), and the last entry the statement counts. */
  range: StatementWindow;
  opening: number;
  closing: number;
  /** The closing balance's instant: the month's last, or now while the month is still running. */
  closingAt: Date;
  /** Cents per Activity type the month has, in the order of ACTIVITY_TYPES. */
  totals: { type: ActivityType; total: number; entries: number }[];
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The months a member has a statement for: from the month their account was created (no movement
 * can come before it) to the current month, newest first (decision 160).
 */
export function statementMonths(user: Pick<AuthUser, 'createdAt'>, now: Date): StatementListResponse {
  return { data: monthsBetween(monthOf(user.createdAt), monthOf(now)).map((month) => ({ month })) };
}

function monthRange(month: string): { from: Date; until: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, number - 1, 1)), until: new Date(Date.UTC(year, number, 1)) };
}

/**
 * The member's legal name and address from the profile (opened by the profile module); a corporate
 * account is addressed by its business name, the person named as its holder (decision 185).
 */
async function legalIdentity(deps: AppDeps, db: DbOrTx, user: AuthUser, language: StatementLanguage) {
  const profile = toProfile(deps.appKey, user.id, await findProfile(db, user.id));
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const country = profile.country
    ? (new Intl.DisplayNames([language], { type: 'region' }).of(profile.country) ?? profile.country)
    : null;
  const cityLine = [profile.postal_code, profile.city].filter(Boolean).join(' ');
  const holder = name || user.username;
  const business = user.accountType === 'business' && user.businessName ? user.businessName : null;
  return {
    memberName: business ? `${business} (${statementTexts(language).accountHolder}: ${holder})` : holder,
    businessEmail: business ? user.businessEmail : null,
    addressLines: [profile.address, cityLine, country].filter((line): line is string => !!line),
  };
}

/** Sums the month's per-kind totals into Activity types (several ledger kinds can share a type). */
function totalsByType(rows: { kind: string; total: number; entries: number }[]) {
  const byType = new Map<ActivityType, { type: ActivityType; total: number; entries: number }>();
  for (const row of rows) {
    const type = movementType(row.kind);
    const sum = byType.get(type) ?? { type, total: 0, entries: 0 };
    sum.total += row.total;
    sum.entries += row.entries;
    byType.set(type, sum);
  }
  // In the order of ACTIVITY_TYPES, as Activity's type filter lists them.
  return ACTIVITY_TYPES.flatMap((type) => byType.get(type) ?? []);
}

/**
 * GET /api/statements/:month's figures: 404 for a month before the account's or after the current
 * one. Opening and closing balances are one indexed read each (the balance after the last cash entry
 * before the month, and before the next), the totals one pass over the month's entries; all of them,
 * and the movements streamed after, count entries up to the member's last one when it was read.
 */
export async function loadStatementHeader(
  deps: AppDeps,
  user: AuthUser,
  month: string,
): Promise<StatementHeader> {
  const now = deps.clock.now();
  if (month < monthOf(user.createdAt) || month > monthOf(now)) {
    throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.notFound);
  }
  const db = deps.database.db;
  const range = { ...monthRange(month), lastEntryId: await lastCashEntryId(db, user.id) };
  const language = statementLanguage(user.language);
  const [settings, identity, opening, closing, totals] = await Promise.all([
    getSettings(db),
    legalIdentity(deps, db, user, language),
    cashBalanceBefore(db, user.id, range.from, range.lastEntryId),
    cashBalanceBefore(db, user.id, range.until, range.lastEntryId),
    totalsByKind(db, user.id, range),
  ]);
  return {
    month,
    language,
    texts: statementTexts(language),
    platform: settings.sitename,
    ...identity,
    range,
    opening,
    closing,
    closingAt: new Date(Math.min(range.until.getTime() - 1, now.getTime())),
    totals: totalsByType(totals),
  };
}
