import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { claimAutoReload, isChunkLoadError, reloadPage } from './chunk-reload';

/** A form's resolver whose schema, zod and the zod resolver load only when first needed (docs/decisions/058). */
export interface LazyResolver<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  /** Loads the schema, zod and the resolver now (a later submit then validates at once). */
  preload: () => Promise<void>;
}

/**
 * The zod validation of a form without zod in the page's first load: zod and the schemas are about 25 KB gzip, and no
 * form validates before it is used. `usePreloadWhenIdle(validation.preload)` fetches them once the page is idle; a submit before that
 * waits for them, so the client's checks and their messages are the same as with a resolver built at once.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(loadSchema: () => Promise<z.$ZodType<Output, Input>>): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () => {
    if (!loading) {
      loading = Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
        ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      );
      // A failed load is tried again at the next use rather than kept; a stale chunk (a deploy since the page loaded)
      // reloads the page once, as a page's own chunk does (app/route-error.tsx).
      loading.catch((error: unknown) => {
        loading = undefined;
        if (isChunkLoadError(error) && claimAutoReload(window.sessionStorage, Date.now())) reloadPage();
      });
    }
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: async () => void (await load()),
  };
}
