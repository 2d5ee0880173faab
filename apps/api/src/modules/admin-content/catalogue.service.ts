import type { LoanPlanRow, PlanRow, Tx } from '@app/db';
import {
  ADMIN_CONTENT_MESSAGES as M,
  centsToMajor,
  formatLoanChange,
  loanPlanRuleErrors,
  parseLoanChange,
  planRuleErrors,
  type AdminCatalogueListQuery,
  type AdminLoanPlan,
  type AdminLoanPlanCreate,
  type AdminLoanPlanListResponse,
  type AdminLoanPlanUpdate,
  type AdminPlan,
  type AdminPlanCreate,
  type AdminPlanDetail,
  type AdminPlanListResponse,
  type AdminPlanRateChange,
  type AdminPlanUpdate,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { uniqueViolation } from '../../lib/db-errors';
import { pageMeta } from '../../lib/paging';
import { createLoanPlan } from '../loans/loan-plans.service';
import { rateNoticeDays, recordRateChange } from '../plans/plan-rates';
import { createPlan, findPlan } from '../plans/plans.service';
import { auditChange, changedFields, type AdminActor } from './admin-actor';
import * as repository from './catalogue.repository';

/** Rows a page of an admin catalogue list, unless the request asks for another number. */
export const CATALOGUE_PAGE_SIZE = 25;

type ListQuery = AdminCatalogueListQuery & { page: number; per_page?: number | undefined };

/**
 * Catalogue editing (issue 15 item 4, decision 130): a plan's row changes, and only the row. What
 * members hold was copied from it when they invested (user_plans) or borrowed (loans), so an edit or a
 * deactivation reaches new investments and applications only.
 */

/** How one catalogue is audited and answered: plans and loan plans each give theirs. */
interface Catalogue<Row, Admin> {
  /** The audit subject's type and the prefix of its actions ('plan.create', 'loan_plan.update'...). */
  type: 'plan' | 'loan_plan';
  notFound: string;
  toAdmin: (row: Row) => Admin;
}

function nameTaken(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return null;
  return AppError.validation('name', M.nameTaken);
}

/** A catalogue write in one transaction: a name another plan has answers 422 on `name`. */
async function catalogueWrite<T>(deps: AppDeps, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction(write);
  } catch (error) {
    throw nameTaken(error) ?? error;
  }
}

/** Rejects a plan whose fields break a rule across fields (422 with every field's messages). */
function throwRuleErrors(errors: Record<string, string[]> | null): void {
  if (errors) throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]?.[0] ?? '', errors);
}

async function listCatalogue<Row, Admin>(
  deps: AppDeps,
  catalogue: Catalogue<Row, Admin>,
  query: ListQuery,
  list: (
    db: AppDeps['database']['db'],
    filter: ListQuery,
    page: number,
    perPage: number,
  ) => Promise<{ rows: Row[]; total: number }>,
): Promise<{ data: Admin[]; meta: ReturnType<typeof pageMeta> }> {
  const perPage = query.per_page ?? CATALOGUE_PAGE_SIZE;
  const { rows, total } = await list(deps.database.db, query, query.page, perPage);
  return { data: rows.map(catalogue.toAdmin), meta: pageMeta(query.page, perPage, total) };
}

/** What a plan's and a loan plan's answers end with: amounts in dollars, status, order and times. */
function rowTail(row: PlanRow | LoanPlanRow) {
  return {
    min_amount: centsToMajor(row.minAmount),
    max_amount: centsToMajor(row.maxAmount),
    status: row.status,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One plan of a catalogue (404 when there is none). */
async function getCatalogueItem<Row, Admin>(
  deps: AppDeps,
  catalogue: Catalogue<Row, Admin>,
  find: (db: AppDeps['database']['db'], id: number) => Promise<Row | null | undefined>,
  id: number,
): Promise<Admin> {
  const row = await find(deps.database.db, id);
  if (!row) throw AppError.notFound(catalogue.notFound);
  return catalogue.toAdmin(row);
}

/** Creates a plan (`insert`) and audits it whole as `<type>.create`. */
function createAudited<Row extends { id: number }, Admin extends object>(
  deps: AppDeps,
  actor: AdminActor,
  catalogue: Catalogue<Row, Admin>,
  insert: (tx: Tx) => Promise<Row>,
): Promise<Admin> {
  return catalogueWrite(deps, async (tx) => {
    const row = await insert(tx);
    const plan = catalogue.toAdmin(row);
    await auditChange(
      tx,
      actor,
      `${catalogue.type}.create`,
      { type: catalogue.type, id: row.id },
      null,
      plan,
    );
    return plan;
  });
}

/** The audit action of an edit: a status change alone reads as activate/deactivate. */
function editAction(prefix: string, changed: Record<string, unknown>): string {
  const keys = Object.keys(changed).filter((key) => key !== 'updated_at');
  if (keys.length === 1 && keys[0] === 'status')
    return `${prefix}.${changed.status === 'active' ? 'activate' : 'deactivate'}`;
  return `${prefix}.update`;
}

/**
 * Edits a plan: locks its row (404 when there is none), lets `update` apply the catalogue's rules and
 * write the row, and audits the fields that changed (before and after).
 */
function updateAudited<Row, Admin extends object>(
  deps: AppDeps,
  actor: AdminActor,
  catalogue: Catalogue<Row, Admin>,
  id: number,
  findForUpdate: (tx: Tx, id: number) => Promise<Row | null>,
  update: (tx: Tx, current: Row) => Promise<Row>,
): Promise<Admin> {
  return catalogueWrite(deps, async (tx) => {
    const current = await findForUpdate(tx, id);
    if (!current) throw AppError.notFound(catalogue.notFound);
    const row = await update(tx, current);
    const before = catalogue.toAdmin(current);
    const after = catalogue.toAdmin(row);
    const diff = changedFields(before, after);
    await auditChange(
      tx,
      actor,
      editAction(catalogue.type, diff.after),
      { type: catalogue.type, id },
      diff.before,
      diff.after,
    );
    return after;
  });
}

// ── Investment plans ─────────────────────────────────────────────────────────────────────────
export function toAdminPlan(row: PlanRow): AdminPlan {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    apy_bps: row.apyBps,
    locked_apy_bps: row.lockedApyBps,
    duration_days: row.durationDays,
    exit_allowed: row.exitAllowed,
    exit_penalty_bps: row.exitPenaltyBps,
    exit_forfeit: row.exitForfeit,
    ...rowTail(row),
  };
}

const PLANS: Catalogue<PlanRow, AdminPlan> = {
  type: 'plan',
  notFound: M.planNotFound,
  toAdmin: toAdminPlan,
};

export function listAdminPlans(deps: AppDeps, query: ListQuery): Promise<AdminPlanListResponse> {
  return listCatalogue(deps, PLANS, query, repository.listPlans);
}

/** One plan, with the notice a rate change would give renewals now (decision 193). */
export async function getAdminPlan(deps: AppDeps, id: number): Promise<AdminPlanDetail> {
  const plan = await getCatalogueItem(deps, PLANS, findPlan, id);
  return { ...plan, rate_notice_days: await rateNoticeDays(deps.database.db) };
}

export function createAdminPlan(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminPlanCreate,
): Promise<AdminPlan> {
  return createAudited(deps, actor, PLANS, (tx) =>
    createPlan(
      tx,
      {
        name: input.name,
        category: input.category,
        description: input.description,
        apyBps: input.apy_bps,
        lockedApyBps: input.locked_apy_bps,
        durationDays: input.duration_days,
        minAmountCents: input.min_amount,
        maxAmountCents: input.max_amount,
        status: input.status,
        sortOrder: input.sort_order,
        ...(input.exit_allowed
          ? { exit: { penaltyBps: input.exit_penalty_bps ?? 0, forfeit: input.exit_forfeit ?? 'none' } }
          : {}),
      },
      actor.now,
    ),
  );
}

/**
 * Edits a plan. A change of its rates is recorded in the same transaction (decision 193): new
 * investments get it at once, renewals after the notice, and the members holding the plan are told.
 */
export async function updateAdminPlan(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: AdminPlanUpdate,
): Promise<{ plan: AdminPlan; rate_change: AdminPlanRateChange | null }> {
  let rateChange: AdminPlanRateChange | null = null;
  const plan = await updateAudited(
    deps,
    actor,
    PLANS,
    id,
    repository.findPlanForUpdate,
    async (tx, current) => {
      const merged = {
        apy_bps: input.apy_bps ?? current.apyBps,
        locked_apy_bps: input.locked_apy_bps ?? current.lockedApyBps,
        min_amount: input.min_amount ?? current.minAmount,
        max_amount: input.max_amount ?? current.maxAmount,
      };
      throwRuleErrors(planRuleErrors(merged));
      const row = await repository.updatePlan(tx, id, {
        name: input.name ?? current.name,
        category: input.category ?? current.category,
        description: input.description ?? current.description,
        apyBps: merged.apy_bps,
        lockedApyBps: merged.locked_apy_bps,
        durationDays: input.duration_days === undefined ? current.durationDays : input.duration_days,
        minAmount: merged.min_amount,
        maxAmount: merged.max_amount,
        status: input.status ?? current.status,
        sortOrder: input.sort_order ?? current.sortOrder,
        exitAllowed: input.exit_allowed ?? current.exitAllowed,
        exitPenaltyBps: input.exit_penalty_bps ?? current.exitPenaltyBps,
        exitForfeit: input.exit_forfeit ?? current.exitForfeit,
        updatedAt: actor.now,
      });
      const recorded = await recordRateChange(tx, {
        before: current,
        after: row,
        changedBy: actor.user.id,
        now: actor.now,
      });
      rateChange = recorded && {
        renewals_from: recorded.renewalsFrom.toISOString(),
        notified: recorded.notified,
      };
      return row;
    },
  );
  return { plan, rate_change: rateChange };
}

// ── Loan plans ───────────────────────────────────────────────────────────────────────────────
export function toAdminLoanPlan(row: LoanPlanRow): AdminLoanPlan {
  const rate = parseLoanChange(row.change);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    change: row.change,
    rate_bps: rate?.rateBps ?? null,
    interval: rate?.interval ?? null,
    duration: row.duration,
    ...rowTail(row),
  };
}

const LOAN_PLANS: Catalogue<LoanPlanRow, AdminLoanPlan> = {
  type: 'loan_plan',
  notFound: M.loanPlanNotFound,
  toAdmin: toAdminLoanPlan,
};

export function listAdminLoanPlans(deps: AppDeps, query: ListQuery): Promise<AdminLoanPlanListResponse> {
  return listCatalogue(deps, LOAN_PLANS, query, repository.listLoanPlans);
}

export function getAdminLoanPlan(deps: AppDeps, id: number): Promise<AdminLoanPlan> {
  return getCatalogueItem(deps, LOAN_PLANS, repository.findLoanPlan, id);
}

export function createAdminLoanPlan(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminLoanPlanCreate,
): Promise<AdminLoanPlan> {
  return createAudited(deps, actor, LOAN_PLANS, (tx) =>
    createLoanPlan(
      tx,
      {
        name: input.name,
        description: input.description,
        category: input.category,
        change: formatLoanChange(input.rate_bps, input.interval),
        duration: input.duration,
        minAmountCents: input.min_amount,
        maxAmountCents: input.max_amount,
        status: input.status,
        sortOrder: input.sort_order,
      },
      actor.now,
    ),
  );
}

export function updateAdminLoanPlan(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: AdminLoanPlanUpdate,
): Promise<AdminLoanPlan> {
  return updateAudited(deps, actor, LOAN_PLANS, id, repository.findLoanPlanForUpdate, async (tx, current) => {
    const merged = {
      min_amount: input.min_amount ?? current.minAmount,
      max_amount: input.max_amount ?? current.maxAmount,
    };
    throwRuleErrors(loanPlanRuleErrors(merged));
    const rate = parseLoanChange(current.change);
    let change = current.change;
    if (input.rate_bps !== undefined || input.interval !== undefined) {
      const rateBps = input.rate_bps ?? rate?.rateBps;
      const interval = input.interval ?? rate?.interval;
      // A stored rate that does not parse must be given whole (rate and interval) to be changed.
      if (rateBps === undefined) throw AppError.validation('rate_bps', M.loanRateInvalid);
      if (interval === undefined) throw AppError.validation('interval', M.intervalInvalid);
      change = formatLoanChange(rateBps, interval);
      // Pending applications are decided on the plan's rate: the member applied for the rate shown.
      if (change !== current.change && (await repository.countPendingApplications(tx, id)) > 0)
        throw new AppError('BUSINESS_RULE', M.loanRatePending, { rate_bps: [M.loanRatePending] });
    }
    return repository.updateLoanPlan(tx, id, {
      name: input.name ?? current.name,
      category: input.category ?? current.category,
      description: input.description ?? current.description,
      change,
      duration: input.duration === undefined ? current.duration : input.duration,
      minAmount: merged.min_amount,
      maxAmount: merged.max_amount,
      status: input.status ?? current.status,
      sortOrder: input.sort_order ?? current.sortOrder,
      updatedAt: actor.now,
    });
  });
}
