import { Column, SQL, Table, getTableColumns, getTableName, is, noopDecoder, sql } from 'drizzle-orm';

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
  const { joinsNotNullableMap } = internals;
  if (!internals.fields || internals.customResultMapper) {
    throw new Error('compileRowMapping: not a prepared select of fields');
  }
  // A select of `jsonRow(selection)`: one value a row, the selection's values in one JSON array.
  const only = internals.fields.length === 1 ? internals.fields[0]?.field : undefined;
  const jsonFields = is(only, SQL) ? jsonRowFields.get(only) : undefined;
  const fields = jsonFields ?? internals.fields;
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
  const mapRow = generateMapRow(columns, objects, nullable, jsonFields !== undefined);
  internals.customResultMapper = (rows) => rows.map(mapRow);
  rowCopies.set(prepared, generateCopyRow(columns, objects));
  return prepared;
}

/** `const a = …, b = …;` in generated code, or nothing when there is nothing to declare. */
const declarations = (reads: string[]) => (reads.length > 0 ? `const ${reads.join(', ')};` : '');

/** The row copiers of the selects compileRowMapping has mapped. */
const rowCopies = new WeakMap<object, (row: Record<string, unknown>) => Record<string, unknown>>();

/**
 * A copy of a row of a select mapped by compileRowMapping, for a further reader of the same row (a
 * batch's second request for one token): its own objects and Dates, written out for the select's
 * shape instead of walked key by key (`copyRead` cost a request 0.45 µs on GET /api/me; decision 149).
 */
export function rowCopy<P extends { execute: (...args: never[]) => Promise<unknown[]> }>(
  prepared: P,
): (row: Awaited<ReturnType<P['execute']>>[number]) => Awaited<ReturnType<P['execute']>>[number] {
  const copy = rowCopies.get(prepared);
  if (!copy) throw new Error('rowCopy: a select that compileRowMapping has not mapped');
  return copy;
}

/**
 * A copy of a read value with its own objects all the way down, Dates included. A read holds plain
 * objects, arrays, Dates and primitives (a row mapped from the database); anything else is left to
 * `structuredClone`, which does the same through V8's serializer at a higher cost.
 */
export function copyRead<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(copyRead) as T;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyRead((value as Record<string, unknown>)[key]);
  return copy as T;
}

function generateCopyRow(
  columns: MappedColumn[],
  objects: string[],
): (row: Record<string, unknown>) => Record<string, unknown> {
  const copyOf = (column: MappedColumn, read: string) => {
    const type = is(column.decoder, Column) ? column.decoder.columnType : undefined;
    if (type !== undefined && PRIMITIVE_COLUMNS.has(type)) return read;
    if (type === 'PgTimestamp') return `(${read} === null ? null : new Date(${read}.getTime()))`;
    return `copyRead(${read})`;
  };
  const parts = objects.map((object, index) => {
    const fields = columns.flatMap((column) =>
      column.object === object
        ? [`${propertyName(column.key)}: ${copyOf(column, `o${index}[${propertyName(column.key)}]`)}`]
        : [],
    );
    return `${propertyName(object)}: o${index} === null ? null : { ${fields.join(', ')} }`;
  });
  for (const column of columns) {
    if (column.object === undefined) {
      parts.push(`${propertyName(column.key)}: ${copyOf(column, `row[${propertyName(column.key)}]`)}`);
    }
  }
  const reads = objects.map((object, index) => `o${index} = row[${propertyName(object)}]`);
  const body = `return function copyRow(row) {
  ${declarations(reads)}
  return { ${parts.join(', ')} };
};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the selection's names only
  const build = new Function('copyRead', body) as (
    copy: typeof copyRead,
  ) => (row: Record<string, unknown>) => Record<string, unknown>;
  return build(copyRead);
}

/** The selections of the `jsonRow` expressions made so far, for compileRowMapping to map them. */
const jsonRowFields = new WeakMap<SQL, SelectedField[]>();

/** The selected fields of a selection in order, with their paths (as Drizzle orders them). */
function selectedFields(selection: Record<string, unknown>, prefix: string[] = []): SelectedField[] {
  return Object.entries(selection).flatMap(([name, field]): SelectedField[] => {
    const path = [...prefix, name];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) return [{ path, field }];
    if (is(field, Table)) return selectedFields(getTableColumns(field), path);
    if (field && typeof field === 'object' && Object.getPrototypeOf(field) === Object.prototype) {
      return selectedFields(field as Record<string, unknown>, path);
    }
    throw new Error(`jsonRow: ${path.join('.')} is not a column, an SQL expression or an object of them`);
  });
}

/**
 * Column types whose JSON form (PostgreSQL's `to_json`) their Drizzle decoder reads as it reads their
 * text form, each compared on real rows in compiled-rows.test.ts: integers (to 2^53, as the text is
 * read), text and enums, booleans, and timestamps with a time zone (ISO 8601 with the offset). Any
 * other type is refused until it is added here with such a test: numeric's digits past a double, json
 * and jsonb already parsed, timestamps without a zone, dates and intervals all read otherwise.
 */
const JSON_SAFE_COLUMNS = new Set([
  'PgSerial',
  'PgInteger',
  'PgBigInt53',
  'PgText',
  'PgEnumColumn',
  'PgBoolean',
  'PgTimestamp',
]);

/** Column types whose values are numbers, strings or booleans: a copy is the value itself. */
const PRIMITIVE_COLUMNS = new Set([...JSON_SAFE_COLUMNS].filter((type) => type !== 'PgTimestamp'));

function checkJsonSafe({ path, field }: SelectedField): void {
  const where = path.join('.');
  if (is(field, Column)) {
    const column = field as Column & { withTimezone?: boolean };
    if (!JSON_SAFE_COLUMNS.has(column.columnType) || column.withTimezone === false) {
      throw new Error(
        `jsonRow: ${where} is a ${column.columnType}, whose JSON form its decoder does not read`,
      );
    }
    return;
  }
  const expression = is(field, SQL.Aliased) ? field.sql : (field as SQL);
  if (sqlDecoder(expression) !== noopDecoder) {
    throw new Error(`jsonRow: ${where} is an SQL expression with a decoder; its JSON value would reach it`);
  }
}

/**
 * A selection as one value a row: PostgreSQL writes the selected values as one JSON array
 * (`json_build_array`), which arrives as one field and is read by one `JSON.parse`, instead of one
 * field, one string and one parser call per column. compileRowMapping maps it back to the selection's
 * shape, with the columns' own decoders: for the columns, the rows are the same as those of the
 * selection itself (compiled-rows.test.ts compares them on PGlite, token.repository.test.ts on both
 * databases). For the statements that read many columns for every request (the token checks): 1.7 µs
 * a request less of GET /api/me's CPU (decision 149).
 *
 * The answer is typed as the selection, so that Drizzle types the rows as it would the selection's;
 * only compileRowMapping can map such a select (Drizzle's own mapping of it throws). Columns of other
 * types than `JSON_SAFE_COLUMNS` are refused, and so are SQL expressions with a decoder. An SQL
 * expression's value arrives as its JSON form, which is not its text form for every type: a json
 * expression arrives parsed (as a column select would give it), text as the same string, but a count
 * or an int8 as a number where the column select gives a string, and a timestamp in ISO form. Select
 * through `jsonRow` only expressions whose JSON form is what the code expects (today: the figures, a
 * json array).
 */
export function jsonRow<S extends Record<string, unknown>>(selection: S): S {
  const fields = selectedFields(selection);
  // PostgreSQL's limit on a function's arguments.
  if (fields.length === 0 || fields.length > 100) {
    throw new Error('jsonRow: a selection of 1 to 100 values');
  }
  fields.forEach(checkJsonSafe);
  const values = fields.map(({ field }) => (is(field, SQL.Aliased) ? field.sql : (field as SQL | Column)));
  const row = sql`json_build_array(${sql.join(values, sql`, `)})`.mapWith({
    mapFromDriverValue: () => {
      throw new Error('jsonRow: a select of a JSON row must be mapped by compileRowMapping');
    },
  });
  jsonRowFields.set(row, fields);
  return { jsonRow: row } as unknown as S;
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
  /** The row's values are the JSON array in its one field (`jsonRow`). */
  json: boolean,
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
  const source = json ? 'values' : 'row';
  const reads = columns.map((_, index) => `v${index} = ${source}[${index}]`);
  const body = `return function mapRow(row) {
  ${json ? 'const values = row[0];' : ''}
  ${declarations(reads)}
  return { ${parts.join(', ')} };
};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the selection's names only (see above)
  const build = new Function('decoders', body) as (
    decoders: Decoder[],
  ) => (row: unknown[]) => Record<string, unknown>;
  return build(columns.map((column) => column.decoder));
}
