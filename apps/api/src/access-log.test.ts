import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Fastify, { LogController } from 'fastify';
import { pino, type Logger } from 'pino';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessLine,
  formatAccessLine,
  hundredthsText,
  jsonString,
  loggerOptions,
  REDACTED_PATHS,
  registerAccessLog,
} from './logger';

const root = join(import.meta.dirname, '..', '..', '..');

interface Line {
  msg: string;
  level: number;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

const parse = (text: string): Line[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

// The access log writes its lines as text instead of through pino (decision 146); vitest.config.ts
// runs this file in the PGlite project only (no database is used).
describe('the access log', () => {
  it('writes the same bytes pino wrote for the line, whatever the path holds', () => {
    const time = 1_790_000_000_123;
    const out: string[] = [];
    // The product's logger settings (redaction, serializers), then the child the access log used.
    const logger = (
      pino(
        { ...(loggerOptions('info') as object), timestamp: () => `,"time":${time}` },
        { write: (line: string) => void out.push(line) },
      ) as Logger
    ).child({}, { redact: [] });
    const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
    expect(bindings).toContain('"pid":');
    const names = REDACTED_PATHS.map((path) => path.replace(/^.*[.[]"?/, '').replace(/"?]$/, ''));
    const requests = [
      { id: 'req-1', method: 'GET', url: '/api/me' },
      { id: 'req-2f', method: 'POST', url: `/api/${names.join('/')}?token=x&email=a%40b.c` },
      // What Node's parser can hand over: bytes as Latin-1 characters, quotes, backslashes; and
      // control characters, which pino escapes through JSON.stringify.
      { id: 'req-"3"', method: 'DELETE', url: '/api/"quoted"\\back\u00e9\u00ff/\u0001\t' },
      { id: 'req-4', method: 'GET', url: `/${'long-path/'.repeat(30)}` },
    ];
    for (const [i, request] of requests.entries()) {
      const line = accessLine(request, [200, 401, 404, 500][i] ?? 200, 1.23456 * (i + 1));
      logger.info(line, 'request completed');
      expect(formatAccessLine(line, time, bindings)).toBe(out[i]);
    }
    expect(parse(out.join('')).map((line) => line.req?.url)).toEqual([
      '/api/me',
      `/api/${names.join('/')}`,
      '/api/"quoted"\\back\u00e9\u00ff/\u0001\t',
      `/${'long-path/'.repeat(30)}`,
    ]);
  });

  it('writes texts and times as JSON.stringify and String write them (decision 149)', () => {
    // Any text, ASCII text (mostly the plain path), and text of the characters on either side of it.
    const edges = fc.constantFrom(
      'a',
      'Z',
      '/',
      ' ',
      '~',
      '!',
      '#',
      '[',
      ']',
      '"',
      '\\',
      '\x7f',
      '\x00',
      '\x1f',
      'é',
      '\ud800',
    );
    for (const unit of ['binary', 'binary-ascii', edges] as const) {
      fc.assert(
        fc.property(fc.string({ unit }), (text) => {
          expect(jsonString(text)).toBe(JSON.stringify(text));
        }),
        { numRuns: 2000 },
      );
    }
    // Response times as accessLine rounds them, and anything else.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 + 10 }), (hundredths) => {
        const value = Math.round(hundredths) / 100;
        expect(hundredthsText(value)).toBe(String(value));
      }),
      { numRuns: 5000 },
    );
    for (const value of [0, 0.01, 0.1, 0.5, 1, 1.2, 1.23, 10.05, 99.99, 100, 123456.78, -1.5, 1e-7, 2.345]) {
      expect(hundredthsText(value)).toBe(String(value));
    }
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(hundredthsText(value)).toBe(String(value));
      }),
      { numRuns: 2000 },
    );
    // Two lines of the same millisecond and one of the next: the time written as the number.
    const line = accessLine({ id: 'req-1', method: 'GET', url: '/api/me' }, 200, 1.5);
    for (const time of [1_790_000_000_123, 1_790_000_000_123, 1_790_000_000_124]) {
      expect(formatAccessLine(line, time, '')).toContain(`"time":${time},`);
    }
  });

  it('hands the lines of one turn of the event loop to the log in one write, one line a request', async () => {
    const writes: string[] = [];
    const app = Fastify({
      logger: loggerOptions('info', { write: (text) => void writes.push(text) }),
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerAccessLog(app);
    app.get('/ping', async () => ({ ok: true }));
    await app.ready();
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject('/ping?secret=1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    await new Promise((resolve) => setImmediate(resolve));
    const lines = parse(writes.join(''));
    expect(lines).toHaveLength(50);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(50);
    for (const line of lines)
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/ping' },
        res: { statusCode: 200 },
      });
    // Gathered: fewer writes than lines (one per turn that answered something).
    expect(writes.length).toBeLessThan(50);
    expect(writes.every((text) => text.endsWith('\n'))).toBe(true);

    // A line still gathered when the app closes is written by the close.
    const closing = app.inject('/ping');
    await closing;
    await app.close();
    expect(parse(writes.join(''))).toHaveLength(51);
  });

  it('goes through pino to a destination that asks for each line’s level (a multistream)', async () => {
    const written: string[] = [];
    const app = Fastify({
      logger: loggerOptions(
        'info',
        pino.multistream([{ stream: { write: (line: string) => void written.push(line) } }]),
      ),
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerAccessLog(app);
    app.get('/ping', async () => ({ ok: true }));
    await app.ready();
    for (let i = 0; i < 3; i += 1) expect((await app.inject('/ping')).statusCode).toBe(200);
    // Written at once, one write a line, each at its level: no turn of the event loop waited for.
    expect(written).toHaveLength(3);
    expect(parse(written.join('')).map((line) => [line.level, line.req?.url])).toEqual([
      [30, '/ping'],
      [30, '/ping'],
      [30, '/ping'],
    ]);
    await app.close();
  });

  it('loses no gathered line when the process crashes', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/test/access-log-crash.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(1);
    const lines = parse(child.stdout);
    expect(lines.filter((line) => line.req?.url === '/crash-test')).toHaveLength(30);
    // The crash's own line is written at once; the lines gathered in its turn follow it.
    const crash = lines.filter((line) => line.msg === 'uncaught exception' && line.level === 60);
    expect(crash).toHaveLength(1);
    // What failed and where, never the failed query's parameters (decision 153).
    expect(crash[0]).toMatchObject({ error: { message: 'Failed query', query: 'select 1 where $1' } });
    expect(child.stdout).not.toContain('ada@example.com');
  });
});
