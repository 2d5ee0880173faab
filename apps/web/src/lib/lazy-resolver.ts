import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useIdle } from './use-idle';

/** A form's resolver that loads apart from the page: `preload` starts loading it (once). */
export type LazyResolver<Values extends FieldValues, Output = Values> = Resolver<Values, unknown, Output> & {
  preload: () => Promise<unknown>;
};

/**
 * The resolver of a form on a member page's first screen (decision 202): what it validates with (a
 * shared schema, zod) loads when the browser is first idle after the page (`useLazyResolver`), or
 * at the first validation if that comes sooner, not before the first paint. Made once per form, at
 * module level; a failed load is tried again at the next validation.
 */
export function lazyResolver<Values extends FieldValues, Output = Values>(
  load: () => Promise<Resolver<Values, unknown, Output>>,
): LazyResolver<Values, Output> {
  let ready: Promise<Resolver<Values, unknown, Output>> | undefined;
  const preload = () => {
    ready ??= load().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}

/**
 * `lazyResolver` for a shared schema checked by zod's resolver. zod is configured (zod-config.ts,
 * through zod-resolver.ts) before `load` brings the schema's module, which defines its schemas.
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
): LazyResolver<z.input<Schema>, z.output<Schema>> {
  return lazyResolver<z.input<Schema>, z.output<Schema>>(async () => {
    const { zodResolver } = await import('./zod-resolver');
    // The resolver's overloads do not carry a generic schema's types through; these are its types.
    return zodResolver(await load()) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  });
}

/** The form's resolver, loaded once the browser is idle after the page's first paint. */
export function useLazyResolver<Values extends FieldValues, Output>(
  resolver: LazyResolver<Values, Output>,
): LazyResolver<Values, Output> {
  const idle = useIdle();
  useEffect(() => {
    // A failure is the first validation's to meet (it loads again); none is left unhandled here.
    if (idle) resolver.preload().catch(() => undefined);
  }, [idle, resolver]);
  return resolver;
}
