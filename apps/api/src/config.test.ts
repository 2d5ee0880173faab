import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/production-env';
import { ConfigError, loadConfig } from './config';

const trustProxy = (value: string | undefined) =>
  loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY (decision 195)', () => {
  it('is off unless set', () => {
    for (const off of [undefined, '', '0', 'false', 'no']) expect(trustProxy(off), String(off)).toBe(false);
  });

  it('believes proxies on private networks for 1, true or yes, never every hop', () => {
    for (const one of ['1', 'true', 'yes', 'TRUE'])
      expect(trustProxy(one), one).toEqual(['loopback', 'linklocal', 'uniquelocal']);
  });

  it('takes the proxies by address or range', () => {
    expect(trustProxy('10.0.0.0/8, 2001:db8::/32,192.0.2.1')).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.1',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['3', 'everyone', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/8/1', 'maybe,10.0.0.1']) {
      expect(() => trustProxy(bad), bad).toThrow(ConfigError);
      try {
        trustProxy(bad);
      } catch (error) {
        expect((error as ConfigError).problems.join('\n')).toMatch(/^TRUST_PROXY: /);
      }
    }
  });
});

describe('DATABASE_POOL_SIZE (decision 208)', () => {
  it('is 5 connections unless set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databasePoolSize).toBe(5);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('refuses fewer than 2, with the reason', () => {
    for (const bad of ['0', '1', 'many']) {
      expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: bad }), bad).toThrow(ConfigError);
      try {
        loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: bad });
      } catch (error) {
        expect((error as ConfigError).problems.join('\n')).toMatch(/^DATABASE_POOL_SIZE: /);
      }
    }
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '1' })).toThrow(
      /DATABASE_POOL_SIZE: must be at least 2: migrations and jobs hold one connection/,
    );
  });
});

describe('DATABASE_WAIT_MS (decision 210)', () => {
  it('is 10 s unless set, and refuses a wait under 1 s or over 2 minutes', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databaseWaitMs).toBe(10_000);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_WAIT_MS: '2500' }).databaseWaitMs).toBe(2_500);
    for (const bad of ['0', '500', '120001', 'soon']) {
      expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_WAIT_MS: bad }), bad).toThrow(
        /^.*DATABASE_WAIT_MS: /m,
      );
    }
  });
});

describe('HOST and DEV_TOOLS (decision 003)', () => {
  const base = { APP_URL: 'http://localhost:3000' };
  it('outside production listens on the loopback interface, with the development tools on', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' })).toMatchObject({
      host: '127.0.0.1',
      devTools: true,
    });
  });

  it('on another interface keeps the tools off unless DEV_TOOLS says so: they read every stored mail', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', devTools: false });
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(loadConfig({ ...base, HOST: 'localhost' }).devTools).toBe(true);
  });

  it('behind a proxy on the same machine keeps them off: a public address or trusted proxies say so', () => {
    expect(loadConfig({ APP_URL: 'https://staging.example.com' }).devTools).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).devTools).toBe(false);
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:3000' }).devTools).toBe(true);
  });

  it('in production refuses to start without a mail server, naming it', () => {
    const { SMTP_URL: _smtp, ...withoutMail } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutMail)).toThrow(
      /SMTP_URL: required in production: members must receive their codes and links by mail/,
    );
    expect(loadConfig(PRODUCTION_ENV).smtpUrl).toBe('smtp://mail.platform.example:587');
  });

  it('in production listens on every interface, and never has the tools', () => {
    const production = PRODUCTION_ENV;
    expect(loadConfig(production)).toMatchObject({ host: '0.0.0.0', devTools: false });
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).devTools).toBe(false);
  });
});
