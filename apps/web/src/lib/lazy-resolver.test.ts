import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { toast } from './toast';
import { z } from 'zod';
import { lazyResolver, lazyZodResolver } from './lazy-resolver';

type Code = { token: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Code>;
const pass: Resolver<Code> = async (values) => ({ values, errors: {} });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a form’s resolver loaded apart from the page (decision 202)', () => {
  it('loads its schema once, at the first validation, after zod is configured, and reports its field errors', async () => {
    const jitlessWhenLoaded: boolean[] = [];
    const load = vi.fn(async () => {
      // zod defines a schema's parser when its module runs: it must already be told not to use eval.
      jitlessWhenLoaded.push(z.config().jitless === true);
      return (await import('@app/shared/schemas/auth')).TotpCodeRequest;
    });
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(z.config().jitless).not.toBe(true);

    const wrong = await resolver({ token: '12' }, undefined, options);
    expect(wrong.errors.token?.message).toBe('Enter the 6-digit code from your authenticator app.');
    const right = await resolver({ token: '123456' }, undefined, options);
    expect(right.errors).toEqual({});
    expect(right.values).toEqual({ token: '123456' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(jitlessWhenLoaded).toEqual([true]);
  });

  it('is loaded by preload before any validation, and only once', async () => {
    const build = vi.fn(async () => pass);
    const resolver = lazyResolver(build);
    await Promise.all([resolver.preload(), resolver.preload()]);
    await resolver({ token: 'x' }, undefined, options);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('when its code cannot be loaded, tells the member and blocks the form; the next validation tries again', async () => {
    const shown = vi.spyOn(toast, 'error');
    const build = vi
      .fn<() => Promise<Resolver<Code>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(pass);
    const resolver = lazyResolver(build);

    const failed = await resolver({ token: 'x' }, undefined, options);
    const message = 'This form could not be loaded. Check your connection and reload the page.';
    expect(failed.values).toEqual({});
    expect(failed.errors.root?.message).toBe(message);
    expect(shown).toHaveBeenCalledWith(message, expect.anything());

    await expect(resolver({ token: 'x' }, undefined, options)).resolves.toEqual({
      values: { token: 'x' },
      errors: {},
    });
    expect(build).toHaveBeenCalledTimes(2);
  });
});
