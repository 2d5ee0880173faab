import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { lazyResolver, lazyZodResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{ token: string }>;

describe('a form’s resolver loaded apart from the page (decision 202)', () => {
  it('loads its schema once, at the first validation, and reports the schema’s field errors', async () => {
    const load = vi.fn(async () => (await import('@app/shared/schemas/auth')).TotpCodeRequest);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const wrong = await resolver({ token: '12' }, undefined, options);
    expect(wrong.errors.token?.message).toMatch(/6/);
    const right = await resolver({ token: '123456' }, undefined, options);
    expect(right.errors).toEqual({});
    expect(right.values).toEqual({ token: '123456' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is loaded by preload before any validation, and only once', async () => {
    const load = vi.fn(async () => async (values: { token: string }) => ({ values, errors: {} }));
    const resolver = lazyResolver(load);
    await Promise.all([resolver.preload(), resolver.preload()]);
    await resolver({ token: 'x' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next validation when its code could not be loaded', async () => {
    const pass: Resolver<{ token: string }> = async (values) => ({ values, errors: {} });
    const load = vi
      .fn<() => Promise<Resolver<{ token: string }>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(pass);
    const resolver = lazyResolver(load);
    await expect(resolver({ token: 'x' }, undefined, options)).rejects.toThrow('Failed to fetch');
    await expect(resolver({ token: 'x' }, undefined, options)).resolves.toEqual({
      values: { token: 'x' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
