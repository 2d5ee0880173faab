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
 * row for the 49 columns the token reads selected then (decision 006; 31 since decision 148).
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
      decoder,
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
  const mapRow = generateMapRow(columns, objects, nullable);
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}

interface MappedColumn {
  object: string | undefined;
  key: string;
  decoder: Decoder;
}

/** A property name written into generated code: a JSON string literal, never `__proto__`. */
function propertyName(name: string): string {
  if (name === '__proto__') throw new Error('compileRowMapping: a selected field named __proto__');
  return JSON.stringify(name);
}

/**
 * The row mapper as straight-line code generated once per prepared select: each result is an object
 * literal of fixed keys, so V8 builds every row with one shape instead of a megamorphic keyed store
 * per value (decision 006, third addition), and each decoder is called from its own call site. The
 * generated text holds only the selection's own names (as JSON string literals) and column indexes;
 * no value of a row is ever part of it.
 */
function generateMapRow(
  columns: MappedColumn[],
  objects: string[],
  nullable: Array<{ object: string; firstIndex: number }>,
): (row: unknown[]) => Record<string, unknown> {
  const value = (index: number) =>
    `v${index} === null ? null : decoders[${index}].mapFromDriverValue(v${index})`;
  const nullWhen = new Map(nullable.map(({ object, firstIndex }) => [object, firstIndex]));
  const parts: string[] = [];
  for (const object of objects) {
    const fields = columns.flatMap((column, index) =>
      column.object === object ? [`${propertyName(column.key)}: ${value(index)}`] : [],
    );
    const literal = `{ ${fields.join(', ')} }`;
    const first = nullWhen.get(object);
    parts.push(
      `${propertyName(object)}: ${first === undefined ? literal : `v${first} === null ? null : ${literal}`}`,
    );
  }
  columns.forEach((column, index) => {
    if (column.object === undefined) parts.push(`${propertyName(column.key)}: ${value(index)}`);
  });
  const reads = columns.map((_, index) => `v${index} = row[${index}]`);
  const body = `return function mapRow(row) {
  const ${reads.length > 0 ? reads.join(', ') : 'none = undefined'};
  return { ${parts.join(', ')} };
};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the selection's names only (see above)
  const build = new Function('decoders', body) as (
    decoders: Decoder[],
  ) => (row: unknown[]) => Record<string, unknown>;
  return build(columns.map((column) => column.decoder));
}
