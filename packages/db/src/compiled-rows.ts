import { Column, SQL, getTableName, is } from 'drizzle-orm';

/** What a Drizzle prepared select keeps of its selection (drizzle-orm 0.45, both drivers' sessions). */
interface SelectedField {
  path: string[];
  field: unknown;
}
interface PreparedSelectInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** Drizzle's own decoder of an SQL expression (an internal field of SQL in 0.45). */
const sqlDecoder = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, SQL.Aliased)) return sqlDecoder(field.sql);
  throw new Error('compileRowMapping: a selected field that is neither a column nor an SQL expression');
}

/**
 * Maps a prepared select's rows with a mapping worked out once, when it is prepared, instead of
 * Drizzle's, which works it out again for every value of every row (type checks, path walks): 9 µs a
 * row for the 49 columns of the token reads that every authenticated request makes (decision 006).
 * The rows are the same: the same nesting, the same value decoders, and the same rule for a
 * left-joined table with no row (its object is null when its first column is null, as in Drizzle's
 * `mapResultRow`); compiled-rows.test.ts and token.repository.test.ts compare the two on real rows.
 */
export function compileRowMapping<P extends object>(prepared: P): P {
  const internals = prepared as P & PreparedSelectInternals;
  const { fields, joinsNotNullableMap } = internals;
  if (!fields || internals.customResultMapper) {
    throw new Error('compileRowMapping: not a prepared select of fields');
  }
  const columns = fields.map(({ path, field }) => {
    if (path.length > 2) throw new Error('compileRowMapping: selections nest two levels at most');
    const decoder = decoderOf(field);
    return {
      object: path.length === 2 ? path[0] : undefined,
      key: path[path.length - 1] ?? '',
      decode: (value: unknown) => decoder.mapFromDriverValue(value),
    };
  });
  const objects = [...new Set(columns.flatMap(({ object }) => (object === undefined ? [] : [object])))];
  // Objects of a left-joined table: null when the first of their columns is (Drizzle's rule).
  const nullable: Array<{ object: string; firstIndex: number }> = [];
  if (joinsNotNullableMap) {
    for (const object of objects) {
      // Drizzle looks at the object's columns only (an SQL expression in it does not count).
      const own = fields.flatMap(({ path, field }, index) =>
        path[0] === object && is(field, Column) ? [{ index, table: getTableName(field.table) }] : [],
      );
      const tables = new Set(own.map(({ table }) => table));
      const [table] = tables;
      const firstIndex = own[0]?.index;
      if (tables.size === 1 && table && !joinsNotNullableMap[table] && firstIndex !== undefined) {
        nullable.push({ object, firstIndex });
      }
    }
  }
  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (const object of objects) result[object] = {};
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index] as (typeof columns)[number];
      const raw = row[index];
      const value = raw === null ? null : column.decode(raw);
      if (column.object === undefined) result[column.key] = value;
      else (result[column.object] as Record<string, unknown>)[column.key] = value;
    }
    for (const { object, firstIndex } of nullable) if (row[firstIndex] === null) result[object] = null;
    return result;
  };
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
