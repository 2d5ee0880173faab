import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiCommand, apiEnv } from '../../../scripts/api-command.mjs';

const root = join(import.meta.dirname, '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface AccessLine {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

// vitest.config.ts runs this file in the PGlite project only.
describe("the API process's environment (scripts/api-command.mjs, decision 151)", () => {
  it("gives the malloc default; an operator's own value wins, and an empty one removes it", () => {
    expect(apiEnv({}).MALLOC_MMAP_THRESHOLD_).toBe('1048576');
    expect(apiEnv({ MALLOC_MMAP_THRESHOLD_: '65536', PORT: '4000' })).toMatchObject({
      MALLOC_MMAP_THRESHOLD_: '65536',
      PORT: '4000',
    });
    expect(apiEnv({ MALLOC_MMAP_THRESHOLD_: '', PORT: '' })).toEqual({ PORT: '' });
  });
});

// The process entry on its embedded default, started as `npm start` starts it (the compiled build,
// scripts/api-command.mjs) with LOG_LEVEL unset.
describe('the server process', () => {
  it('starts on an empty DATA_DIR, answers /readyz, logs every request in one line, and exits 0 on SIGTERM with none lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // LOG_LEVEL unset: the default level. The malloc variable unset: `npm start`'s default.
    const { LOG_LEVEL: _level, MALLOC_MMAP_THRESHOLD_: _threshold, ...environment } = process.env;
    const api = apiCommand({ env: environment });
    const child = spawn(api.command, api.args, {
      cwd: root,
      env: {
        ...api.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let ready = false;
      for (let i = 0; i < 240 && !ready && child.exitCode === null; i += 1) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(ready, output).toBe(true);
      expect(output).toContain('Demo member: demo@example.com');
      // Without REDIS_URL the start says the write limits are this process's own.
      expect(output).toContain(
        'Rate limits: counted in this process (set REDIS_URL when several nodes serve)',
      );
      // glibc's malloc with a fixed mmap threshold, as `npm start` gives it (decision 151).
      expect(readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0')).toContain(
        'MALLOC_MMAP_THRESHOLD_=1048576',
      );

      // A quiet server's line is not held back for long: the log gathers lines into writes of a few
      // kilobytes, but writes what it holds at least once a second (decision 107).
      expect((await fetch(`${url}/healthz?quiet=1`)).status).toBe(200);
      const quietLine = () => output.split('\n').some((line) => line.includes('"url":"/healthz"'));
      for (let i = 0; i < 50 && !quietLine(); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(quietLine(), output).toBe(true);

      // Requests in waves of 100 at once, then SIGTERM the moment the last answer arrives: the access
      // log, written asynchronously, must still hold one line for each, with no secret in it.
      const secret = 'sekret-token-value-42';
      const sent = { me: 0, health: 1 };
      for (let wave = 0; wave < 4; wave += 1) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) => {
            const me = i % 2 === 0;
            sent[me ? 'me' : 'health'] += 1;
            return me
              ? fetch(`${url}/api/me?email=someone%40example.com`, {
                  headers: { authorization: `Bearer 1|${secret}`, cookie: `session=${secret}` },
                })
              : fetch(`${url}/healthz`);
          }),
        );
        expect(answers.map((answer) => answer.status)).toEqual(
          Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 401 : 200)),
        );
      }
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');

      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as AccessLine);
      const access = (path: string) => lines.filter((line) => line.req?.url === path);
      expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
      expect(access('/api/me')).toHaveLength(sent.me);
      expect(access('/healthz')).toHaveLength(sent.health);
      for (const line of access('/api/me')) {
        expect(line).toMatchObject({
          msg: 'request completed',
          req: { method: 'GET' },
          res: { statusCode: 401 },
        });
      }
      const ids = new Set(lines.filter((line) => line.req).map((line) => line.reqId));
      expect(ids.size).toBe(lines.filter((line) => line.req).length);
      expect(output).not.toContain(secret);
      expect(output).not.toContain('someone');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
