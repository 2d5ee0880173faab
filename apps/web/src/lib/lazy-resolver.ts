import { useEffect } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '#i18n/index';
import { toast } from './toast';
import { useIdle } from './use-idle';
import type * as ZodHelpers from './zod-resolver';

/** A form's resolver that loads apart from the page: `preload` starts loading it (once). */
export type LazyResolver<Values extends FieldValues, Output = Values> = Resolver<Values, unknown, Output> & {
  preload: () => Promise<unknown>;
};

type ZodModule = typeof ZodHelpers;

/**
 * The resolver of a form on a member page's first screen (decision 202): what it validates with (a
 * shared schema, zod) loads when the browser is first idle after the page (`useLazyResolver`), or
 * at the first validation if that comes sooner, not before the first paint. `build` receives this
 * app's zod helpers (`zod-resolver.ts`, which configures zod) before it loads the schema's module,
 * so no schema is defined before zod is configured. Made once per form, at module level.
 *
 * If the code cannot be loaded (the connection dropped), the validation fails with a message to the
 * member (a toast) and the form is not sent; the next validation tries again.
 */
export function lazyResolver<Values extends FieldValues, Output = Values>(
  build: (zod: ZodModule) => Promise<Resolver<Values, unknown, Output>>,
): LazyResolver<Values, Output> {
  let ready: Promise<Resolver<Values, unknown, Output>> | undefined;
  const preload = () => {
    ready ??= import('./zod-resolver').then(build).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    let validate: Resolver<Values, unknown, Output>;
    try {
      validate = await preload();
    } catch {
      const message = i18n.t('shell.formUnavailable');
      toast.error(message, { toastId: 'form-unavailable' });
      const errors = { root: { type: 'unavailable', message } } as FieldErrors<Values>;
      return { values: {}, errors };
    }
    return validate(values, context, options);
  };
  return Object.assign(resolver, { preload });
}

/** `lazyResolver` for a shared schema checked by zod's resolver: `load` brings the schema. */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
): LazyResolver<z.input<Schema>, z.output<Schema>> {
  return lazyResolver<z.input<Schema>, z.output<Schema>>(
    async ({ zodResolver }) =>
      // The resolver's overloads do not carry a generic schema's types through; these are its types.
      zodResolver(await load()) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
  );
}

/** The form's resolver, loaded once the browser is idle after the page's first paint. */
export function useLazyResolver<Values extends FieldValues, Output>(
  resolver: LazyResolver<Values, Output>,
): LazyResolver<Values, Output> {
  const idle = useIdle();
  useEffect(() => {
    // A failure is the first validation's to report (it tries again); none is left unhandled here.
    if (idle) resolver.preload().catch(() => undefined);
  }, [idle, resolver]);
  return resolver;
}
