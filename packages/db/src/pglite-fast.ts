import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite's `query()` runs every parameterised statement in six protocol exchanges with the WASM
 * backend (parse, describe statement, bind, describe portal, execute, sync), parsing the SQL each time.
 * Here each data statement (select, insert, update, delete, with) is prepared once under a name and
 * then runs in one exchange: Bind + Execute + Sync (decision 006). Anything else, and any call with
 * options we do not handle, goes through PGlite's own `query()`. Drizzle gets this object as its
 * client: it calls only `query` and `transaction`.
 */

interface Field {
  name: string;
  dataTypeID: number;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Field[];
}

type Message = { name: string } & Record<string, unknown>;

/** Statements kept prepared at once; the least recently used is closed beyond this. */
const MAX_PREPARED = 256;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const encoder = new TextEncoder();

/** A frontend protocol message: type byte, int32 length, body. */
function message(type: string, parts: Uint8Array[]): Uint8Array {
  const bodyLength = parts.reduce((total, part) => total + part.length, 0);
  const out = new Uint8Array(5 + bodyLength);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + bodyLength);
  let offset = 5;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const cstring = (text: string) => {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
};
const int16 = (value: number) => {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setInt16(0, value);
  return out;
};
const int32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, value);
  return out;
};

const parseMessage = (name: string, text: string) => message('P', [cstring(name), cstring(text), int16(0)]);
const describeStatement = (name: string) => message('D', [new Uint8Array([0x53]), cstring(name)]);
const closeStatement = (name: string) => message('C', [new Uint8Array([0x53]), cstring(name)]);
const executeMessage = message('E', [cstring(''), int32(0)]);
const syncMessage = message('S', []);

function bindMessage(statement: string, values: Array<string | null>): Uint8Array {
  const parts: Uint8Array[] = [cstring(''), cstring(statement), int16(0), int16(values.length)];
  for (const value of values) {
    if (value === null) {
      parts.push(int32(-1));
    } else {
      const bytes = encoder.encode(value);
      parts.push(int32(bytes.length), bytes);
    }
  }
  parts.push(int16(0)); // results in text
  return message('B', parts);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** SQLSTATE of "cached plan must not change result type" (the table changed under the statement). */
const PLAN_CHANGED = '0A000';

/** Statement names are unique across clients: two clients may share one PGlite backend. */
let statementCounter = 0;

export class FastPGliteClient {
  readonly #pg: PGlite;
  readonly #prepared = new Map<string, Prepared>();
  #closing: string[] = [];

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#handles(text, options)) return this.#pg.query<T>(text, params, options);
    return this.#pg._runExclusiveTransaction(async () => {
      const result = await this.#pg._runExclusiveQuery(() => this.#run<T>(text, params, options));
      await this.#pg.syncToFs();
      return result;
    });
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#pg.transaction((tx) => {
      const fastTx: Transaction = Object.create(tx, {
        query: {
          value: <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
            if (!this.#handles(text, options) || tx.closed) return tx.query<R>(text, params, options);
            return this.#pg._runExclusiveQuery(() => this.#run<R>(text, params, options));
          },
        },
      }) as Transaction;
      return callback(fastTx);
    });
  }

  #handles(text: string, options?: QueryOptions): boolean {
    if (!DATA_STATEMENT.test(text)) return false;
    if (!options) return true;
    return !options.blob && !options.paramTypes && !options.onNotice && !options.serializers;
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = this.#prepared.get(text) ?? (await this.#prepare(text));
    // Most recently used last: the first key is the one to close when the cache is full.
    this.#prepared.delete(text);
    this.#prepared.set(text, statement);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = this.#pg.serializers[statement.paramTypes[index] ?? 0];
      if (serialize) return serialize(param);
      // A type without a serializer: its text, as PGlite sends it (toString, whatever the value).
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      return typeof param === 'string' ? param : String(param);
    });
    let messages: Message[];
    try {
      messages = await this.#pg.execProtocolStream(
        concat([bindMessage(statement.name, values), executeMessage, syncMessage]),
        { syncToFs: false },
      );
    } catch (error) {
      const { code, message: reason } = error as { code?: unknown; message?: unknown };
      if (code !== PLAN_CHANGED || !String(reason).includes('cached plan')) throw error;
      // The table changed shape since it was prepared: prepare again and retry once.
      this.#prepared.delete(text);
      this.#closing.push(statement.name);
      return this.#run(text, params, options);
    }
    return this.#results<T>(messages, statement.fields, options);
  }

  async #prepare(text: string): Promise<Prepared> {
    const name = `fast_${(statementCounter += 1)}`;
    const chunks = this.#closing.map(closeStatement);
    this.#closing = [];
    while (this.#prepared.size >= MAX_PREPARED) {
      const [oldestText, oldest] = this.#prepared.entries().next().value as [string, Prepared];
      this.#prepared.delete(oldestText);
      chunks.push(closeStatement(oldest.name));
    }
    chunks.push(parseMessage(name, text), describeStatement(name), syncMessage);
    const messages = (await this.#pg.execProtocolStream(concat(chunks), {
      syncToFs: false,
    })) as unknown as Message[];
    let paramTypes: number[] = [];
    let fields: Field[] = [];
    for (const msg of messages) {
      if (msg.name === 'parameterDescription') paramTypes = msg.dataTypeIDs as number[];
      if (msg.name === 'rowDescription') {
        fields = (msg.fields as Field[]).map(({ name: field, dataTypeID }) => ({
          name: field,
          dataTypeID,
        }));
      }
    }
    return { name, paramTypes, fields };
  }

  #results<T>(messages: Message[], fields: Field[], options?: QueryOptions): Results<T> {
    // The caller's parsers first (Drizzle reads dates as text), then PGlite's.
    const own = options?.parsers;
    const base = this.#pg.parsers;
    const parse = (value: string | null, index: number): unknown => {
      if (value === null) return null;
      const type = fields[index]?.dataTypeID ?? 0;
      const parser = own?.[type] ?? base[type];
      return parser ? parser(value, type) : value;
    };
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    for (const msg of messages) {
      if (msg.name === 'dataRow') {
        const values = msg.fields as Array<string | null>;
        if (options?.rowMode === 'array') {
          rows.push(values.map(parse));
        } else {
          const row: Record<string, unknown> = {};
          values.forEach((value, index) => {
            row[fields[index]?.name ?? String(index)] = parse(value, index);
          });
          rows.push(row);
        }
      } else if (msg.name === 'commandComplete') {
        const parts = (msg.text as string).split(' ');
        const count = Number.parseInt(parts[parts.length - 1] ?? '', 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(parts[0] ?? '')) affectedRows += count || 0;
      }
    }
    return {
      rows: rows as T[],
      fields,
      affectedRows,
      ...(rowCount === undefined ? {} : { rowCount }),
    };
  }
}
