import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, registerAccessLog } from './logger';

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

// vitest.config.ts runs this file in the PGlite project only (no database is used).
describe('the access log', () => {
  it('writes one line a request through pino: its id, method, path without the query, status and time', async () => {
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
    expect(writes.join('')).not.toContain('secret');
    await app.close();
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

  it('loses no line when the process crashes right after answering', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/test/access-log-crash.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(1);
    const lines = parse(child.stdout);
    expect(lines.filter((line) => line.req?.url === '/crash-test')).toHaveLength(30);
    const crash = lines.filter((line) => line.msg === 'uncaught exception' && line.level === 60);
    expect(crash).toHaveLength(1);
    // What failed and where, never the failed query's parameters (decision 153).
    expect(crash[0]).toMatchObject({ error: { message: 'Failed query', query: 'select 1 where $1' } });
    expect(child.stdout).not.toContain('ada@example.com');
  });
});
