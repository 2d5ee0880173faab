import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INPUT_TEXT_MAX_LENGTH } from '@app/shared';
import { ApiClient, createTestApp } from '../test/helpers';
import { createUser, signIn, type ErrorBody } from '../test/accounts';
import { signInAdminAs } from '../test/admin';

/**
 * The input rule of decision 153 on every operation of the API's own route list (its OpenAPI document,
 * built from each route's zod schemas, so a new route is walked without being named here): every field
 * of a body, query string or path gets a NUL, a text longer than the field takes, and, for dates, days
 * outside the range. Each answer must be a 4xx (a 400 naming the field for bodies and query strings),
 * and no log line may hold what was sent. Each field also gets ten digits (a number past the largest
 * id), which some fields take: any answer but a 5xx. One request per field and case.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema: JsonSchema;
  /** The schema's example (zod `.meta({ examples })`), which the document puts on the parameter. */
  example?: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const lines: string[] = [];
const { app } = await createTestApp(
  { LOG_LEVEL: 'info', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
  // Each line is checked on its own.
  { logStream: { write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)) } },
);
const memberAccount = await createUser(app);
const member = new ApiClient(app);
const memberToken = await signIn(member, memberAccount.email);
const admin = await signInAdminAs(app);
const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };

/** A field to probe: where it sits, and the body or query that carries a value there. */
interface Field {
  /** The field's name as an error names it ("social_links.0.url"). */
  path: string;
  schema: JsonSchema;
  /** The other values a body variant needs to reach the field (a union's discriminator). */
  carry: (value: unknown) => unknown;
}

/** Every leaf field of a body schema, through objects, arrays of objects and union variants. */
function fieldsOf(schema: JsonSchema, path: string[], carry: (value: unknown) => unknown): Field[] {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.some((variant) => variant.properties)) {
    return variants.flatMap((variant) => fieldsOf(variant, path, carry));
  }
  if (schema.properties) {
    // A variant's single-valued fields (its discriminator) travel with every probe of it.
    const fixed = Object.fromEntries(
      Object.entries(schema.properties).flatMap(([name, property]) =>
        property.enum?.length === 1 ? [[name, property.enum[0]]] : [],
      ),
    );
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      fieldsOf(property, [...path, name], (value) => carry({ ...fixed, [name]: value })),
    );
  }
  if (schema.type === 'array' && schema.items?.properties) {
    return fieldsOf(schema.items, [...path, '0'], (value) => carry([value]));
  }
  return [{ path: path.join('.'), schema, carry }];
}

interface Probe {
  label: string;
  value: string;
  /** A text the log must not hold (the value, or a marker inside it). */
  trace: string;
  /** Any answer but a 5xx will do: a value some fields take (a number too big for the database). */
  anyAnswer?: boolean;
}

let probeCount = 0;
/** A text that appears nowhere else: each probe's own, so that a log line points at its request. */
function marker(): string {
  probeCount += 1;
  return `probe${probeCount}x`;
}

/** The values each field gets: a NUL, one character too many, ten digits, and dates out of range. */
function probesFor(schema: JsonSchema): Probe[] {
  const nul = marker();
  const long = marker();
  const length = (schema.maxLength ?? INPUT_TEXT_MAX_LENGTH) + 1;
  const probes: Probe[] = [
    { label: 'NUL', value: `${nul}\u0000${nul}`, trace: nul },
    { label: `${length} characters`, value: long.padEnd(length, 'x'), trace: long },
  ];
  // Ten digits, past the largest id (2^31 - 1): a filter that reads "an id or an email" must not pass
  // it on to an integer column.
  probeCount += 1;
  const digits = String(3_000_000_000 + probeCount);
  probes.push({ label: 'ten digits', value: digits, trace: digits, anyAnswer: true });
  if (schema.format === 'date') {
    for (const day of ['9999-12-31', '1899-12-31', '0001-01-01']) {
      probes.push({ label: `date ${day}`, value: day, trace: day });
    }
  }
  return probes;
}

/** A valid value of a path parameter (its enum's first, its example), so that a probe of another part reaches validation. */
function pathValue(parameter: Parameter): string {
  const valid = parameter.schema.enum?.[0] ?? parameter.example;
  return typeof valid === 'string' || typeof valid === 'number' ? String(valid) : '1';
}

interface Outcome {
  operation: string;
  field: string;
  probe: Probe;
  /** The answer, or the error of an answer cut off after it started (a stream that failed). */
  response: LightMyRequestResponse | Error;
  part: 'body' | 'query' | 'path';
}

/** One request as the web app sends it, signed in as the superadmin under /api/admin, else as a member. */
async function send(method: string, url: string, body: unknown): Promise<LightMyRequestResponse | Error> {
  const client = url.startsWith('/api/admin/') ? admin.client : member;
  const token = url.startsWith('/api/admin/') ? admin.token : memberToken;
  const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return client.request(verb, url, body, { token }).catch((error: Error) => error);
}

/** Every probe of one operation, one request each. */
async function walkOperation(template: string, method: string, operation: Operation): Promise<Outcome[]> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const urlWith = (name?: string, value?: string) =>
    template.replace(/\{(\w+)\}/g, (_match, key: string) => {
      const parameter = pathParameters.find((candidate) => candidate.name === key);
      const text = key === name && value !== undefined ? value : parameter ? pathValue(parameter) : '1';
      return encodeURIComponent(text);
    });
  const operationName = `${method.toUpperCase()} ${template}`;
  const outcomes: Outcome[] = [];
  const writes = ['post', 'put', 'patch', 'delete'].includes(method);
  for (const parameter of parameters) {
    if (parameter.in === 'header') continue;
    for (const probe of probesFor(parameter.schema)) {
      const url =
        parameter.in === 'path'
          ? urlWith(parameter.name, probe.value)
          : `${urlWith()}?${new URLSearchParams({ [parameter.name]: probe.value }).toString()}`;
      const response = await send(method, url, writes ? {} : undefined);
      const part = parameter.in === 'path' ? 'path' : 'query';
      outcomes.push({ operation: operationName, field: parameter.name, probe, response, part });
    }
  }
  const body = operation.requestBody?.content['application/json']?.schema;
  for (const field of body ? fieldsOf(body, [], (value) => value) : []) {
    for (const probe of probesFor(field.schema)) {
      const response = await send(method, urlWith(), field.carry(probe.value));
      outcomes.push({ operation: operationName, field: field.path, probe, response, part: 'body' });
    }
  }
  return outcomes;
}

/** What is wrong with an answer to a probe, or null. */
function problemOf(outcome: Outcome): string | null {
  const { response, field, part } = outcome;
  if (response instanceof Error) return `cut off: ${response.message}`;
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (outcome.probe.anyAnswer) return null;
  if (response.statusCode < 400) return `answered ${response.statusCode}`;
  // A path that no route matches (a parameter longer than the router takes) is a 404: enough there.
  if (part === 'path' && response.statusCode !== 400) return null;
  if (response.statusCode !== 400) return `answered ${response.statusCode}, not 400`;
  const errors = response.json<ErrorBody>().errors ?? {};
  return errors[field] ? null : `400 without an error for "${field}": ${Object.keys(errors).join(', ')}`;
}

/** The log lines that hold a probe's trace. The access line names the path, and a path's values with it. */
function linesHolding(outcome: Outcome): string[] {
  return lines.filter((line) => {
    const text = outcome.part === 'path' ? line.replace(/"url":"[^"]*"/, '') : line;
    return text.includes(outcome.probe.trace);
  });
}

describe('every route and every field of its schema (decision 153)', () => {
  it('answers a NUL, an over-long text and a date out of range with a 4xx, and never logs them', async () => {
    const outcomes: Outcome[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        outcomes.push(...(await walkOperation(template, method, operation)));
      }
    }
    const failures = outcomes.flatMap((outcome) => {
      const problem = problemOf(outcome);
      const logged = linesHolding(outcome);
      const where = `${outcome.operation} ${outcome.part} ${outcome.field} (${outcome.probe.label})`;
      return [
        ...(problem ? [`${where}: ${problem}`] : []),
        ...(logged.length > 0 ? [`${where}: logged in ${logged[0]?.slice(0, 200)}`] : []),
      ];
    });
    expect(failures).toEqual([]);
    // The walk reached the whole API: every operation of the document that takes input, and fields of
    // all three parts.
    const withInput = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) => operation.requestBody || operation.parameters?.some((p) => p.in !== 'header'),
        )
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
    expect(withInput.length).toBeGreaterThan(60);
    expect(new Set(outcomes.map((outcome) => outcome.operation))).toEqual(new Set(withInput));
    for (const part of ['body', 'query', 'path'] as const) {
      expect(outcomes.some((outcome) => outcome.part === part)).toBe(true);
    }
    expect(outcomes.some((outcome) => outcome.probe.label.startsWith('date'))).toBe(true);
    // A date field is one the walk knows as such (built on isoDate, which says `format: date`).
    const name = (outcome: Outcome) => `${outcome.operation} ${outcome.field}`;
    const dated = new Set(outcomes.filter((outcome) => outcome.probe.label.startsWith('date')).map(name));
    const undeclared = outcomes.filter((outcome) => /date/.test(outcome.field) && !dated.has(name(outcome)));
    expect(undeclared.map(name)).toEqual([]);
  });
});
