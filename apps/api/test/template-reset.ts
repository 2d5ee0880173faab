import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';
import { queryRows } from '../src/ledger/sql';

/**
 * A PGlite test database handed from one test file to the next in a worker, reset to the migrated
 * template between them (decision 247): the same state a fresh copy of the template has, for about a
 * tenth of the CPU that opening a copy costs. What a file changed in the schema (a trigger it made
 * and left, a function replaced) or in the planner's statistics (an ANALYZE) cannot be reset this
 * way: such a database is closed instead, and the next file opens a fresh copy.
 */

/** What the template holds besides its schema: the rows migrations inserted and every sequence's place. */
export interface TemplateState {
  fingerprint: string;
  /** The public tables migrations left rows in, with those rows as JSON. */
  rows: Array<{ table: string; columns: string[]; json: string }>;
  /** Every public sequence's value (null: never used). */
  sequences: string;
}

/**
 * One text standing for everything a reset by TRUNCATE cannot put back: tables, columns, defaults,
 * constraints, indexes, triggers (and whether each is enabled), functions, types, roles and their
 * settings, extensions, schemas, and whether any public table has planner statistics.
 */
const FINGERPRINT = sql`
  select md5(string_agg(line, E'\n' order by line)) as fingerprint from (
    select concat_ws(' ', 'schema', nspname) as line from pg_namespace
    union all
    select concat_ws(' ', 'relation', n.nspname, c.relname, c.relkind)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all
    select concat_ws(' ', 'column', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all
    select concat_ws(' ', 'constraint', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid))
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace = 'public'::regnamespace
    union all
    select concat_ws(' ', 'trigger', tgrelid::regclass, tgenabled, pg_get_triggerdef(oid))
      from pg_trigger where not tgisinternal
    union all
    select concat_ws(' ', 'function', oid::regprocedure, md5(prosrc)) from pg_proc
      where pronamespace = 'public'::regnamespace
    union all
    select concat_ws(' ', 'type', t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder))
      from pg_type t left join pg_enum e on e.enumtypid = t.oid
      where t.typnamespace = 'public'::regnamespace group by t.typname
    union all
    select concat_ws(' ', 'role', rolname, rolsuper, rolcanlogin) from pg_roles
    union all
    select concat_ws(' ', 'role setting', setdatabase, setrole, array_to_string(setconfig, ','))
      from pg_db_role_setting
    union all
    select concat_ws(' ', 'extension', extname, extversion) from pg_extension
    union all
    select concat_ws(' ', 'statistics', count(*)) from pg_statistic s join pg_class c on c.oid = s.starelid
      where c.relnamespace = 'public'::regnamespace
  ) catalog`;

async function fingerprint(database: Database): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(database.db, FINGERPRINT);
  return String(row?.fingerprint);
}

async function publicTables(database: Database): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return tables.map((row) => row.name);
}

/** Reads the state of a database just opened from the template, before any test has touched it. */
export async function readTemplateState(database: Database): Promise<TemplateState> {
  const rows: TemplateState['rows'] = [];
  for (const table of await publicTables(database)) {
    const [found] = await queryRows<{ json: string | null }>(
      database.db,
      sql`select json_agg(t)::text as json from ${sql.raw(table)} t`,
    );
    const json = found?.json;
    if (!json) continue;
    const columns = await queryRows<{ name: string }>(
      database.db,
      sql`
      select quote_ident(attname) as name from pg_attribute
      where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    );
    rows.push({ table, columns: columns.map((column) => column.name), json });
  }
  const [sequences] = await queryRows<{ json: string }>(
    database.db,
    sql`
    select coalesce(json_agg(json_build_object(
      'name', format('%I.%I', schemaname, sequencename), 'last', last_value, 'start', start_value)), '[]')::text as json
    from pg_sequences where schemaname = 'public'`,
  );
  return { fingerprint: await fingerprint(database), rows, sequences: String(sequences?.json) };
}

/**
 * Puts a database a test file used back in the template's state: false (nothing changed) when its
 * schema or statistics differ from the template's, which only a fresh copy undoes. Throws when the
 * database cannot be reset (closed, or left inside a transaction); the caller then closes it.
 */
export async function resetToTemplate(database: Database, template: TemplateState): Promise<boolean> {
  if ((await fingerprint(database)) !== template.fingerprint) return false;
  // The session's settings, prepared statements, advisory locks, listeners and temporary tables.
  await database.exec('DISCARD ALL');
  const columnLists = template.rows.map(({ table, columns, json }) => {
    const list = columns.join(', ');
    return `insert into ${table} (${list}) overriding system value
      select ${list} from json_populate_recordset(null::${table}, ${quoteLiteral(json)});`;
  });
  // Triggers off (session_replication_role): the ledger's tables refuse a TRUNCATE, and the rows put
  // back are the template's own, not new postings.
  await database.exec(`
    set session_replication_role = replica;
    truncate ${(await publicTables(database)).join(', ')} restart identity;
    ${columnLists.join('\n')}
    select setval(s.name::regclass, coalesce(s.last, s.start), s.last is not null)
      from json_to_recordset(${quoteLiteral(template.sequences)}) as s(name text, last bigint, start bigint);
    set session_replication_role = origin;
    set plan_cache_mode = force_generic_plan;
    checkpoint;`);
  return true;
}

/** A SQL string literal of `text` (the JSON of rows the template itself holds). */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
