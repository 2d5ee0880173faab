import { asc, count, eq, sql } from 'drizzle-orm';
import { plans, preparedPerDb, type DbOrTx, type PlanRow } from '@app/db';

export type NewPlan = Omit<typeof plans.$inferInsert, 'id'>;

export async function listPlans(db: DbOrTx, category: string | undefined): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(category ? eq(plans.category, category) : undefined)
    .orderBy(asc(plans.sortOrder), asc(plans.id));
}

/** Every investment reads its plan: built once per database handle (decision 006). */
const planById = preparedPerDb((db) =>
  db
    .select()
    .from(plans)
    .where(eq(plans.id, sql.placeholder('id')))
    .prepare('plan_by_id'),
);

export async function findPlan(db: DbOrTx, id: number): Promise<PlanRow | null> {
  const [row] = await planById(db).execute({ id });
  return row ?? null;
}

export async function insertPlan(db: DbOrTx, row: NewPlan): Promise<PlanRow> {
  const [created] = await db.insert(plans).values(row).returning();
  if (!created) throw new Error('plan insert returned nothing');
  return created;
}

export async function countPlans(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(plans);
  return row?.n ?? 0;
}
