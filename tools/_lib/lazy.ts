/**
 * Load a heavy module on first use instead of at start-up.
 *
 * Every tool module is imported when the server starts (the tool list is
 * built from their declarations), so a library imported at the top of a tool
 * file costs start-up time even when the tool is never called. Declare it
 * instead as
 *
 *   const loadYaml = lazy(() => import('yaml'));
 *
 * and call `const { parse } = await loadYaml()` inside `run`. Keep type-only
 * imports (`import type { Document } from 'yaml'`): they cost nothing at run time.
 *
 * The promise is shared by all callers; a load that fails is forgotten, so the
 * next call tries again instead of repeating the old error forever.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
}
